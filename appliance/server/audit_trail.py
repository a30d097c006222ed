"""What a Generate call gathers along the way for its one audit record."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from appliance.api import pb2
from appliance.audit.records import RequestAudit
from appliance.engine.contract import Finished


@dataclass
class AuditTrail:
    """Facts about one call, filled in as far as the call got."""

    arrival: float
    peer: str
    request: pb2.GenerateRequest | None = None
    request_id: str = ""
    tenant: str = ""
    policy_digest: str = ""
    sla_class: str = ""
    include_text: bool = False
    response: list[str] = field(default_factory=list)
    finished: Finished | None = None
    plugins: Sequence[Mapping[str, object]] = ()
    screening: Mapping[str, object] | None = None
    audited: bool = False

    def prompt_text(self) -> str:
        """The prompt as one string: the text, or the chat turns one per line."""
        if self.request is None:
            return ""
        if self.request.WhichOneof("input") == "messages":
            return "\n".join(f"{m.role}: {m.content}" for m in self.request.messages.messages)
        return self.request.text

    def record(self, status: str) -> RequestAudit:
        """The audit record for this call ending with `status`."""
        done = self.finished
        timings = {"total_s": round(time.monotonic() - self.arrival, 6)}
        if done is not None:
            timings.update(queue_s=done.queue_s, ttft_s=done.ttft_s, total_s=done.total_s)
        request = self.request
        return RequestAudit(
            request_id=self.request_id,
            tenant=self.tenant,
            peer=self.peer,
            model=request.model if request is not None else "",
            status=status,
            prompt=self.prompt_text(),
            response="".join(self.response),
            policy_digest=self.policy_digest,
            sla_class=self.sla_class,
            prompt_tokens=done.prompt_tokens if done else 0,
            completion_tokens=done.completion_tokens if done else 0,
            timings=timings,
            audit_labels=dict(request.audit_labels) if request is not None else {},
            plugins=self.plugins,
            screening=self.screening,
            include_text=self.include_text,
        )
