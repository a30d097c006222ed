"""What a Generate call gathers along the way for its one audit record, its metrics and its
log line."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from appliance.api import pb2
from appliance.audit.records import RequestAudit
from appliance.engine.contract import Finished
from appliance.observability import RequestOutcome, RequestTrace
from appliance.screening import Verdict


@dataclass
class AuditTrail:
    """Facts about one call, filled in as far as the call got."""

    arrival: float
    peer: str
    trace: RequestTrace
    request: pb2.GenerateRequest | None = None
    request_id: str = ""
    tenant: str = ""
    policy_digest: str = ""
    sla_class: str = ""
    engine: str = ""
    include_text: bool = False
    response: list[str] = field(default_factory=list)
    finished: Finished | None = None
    plugins: Sequence[Mapping[str, object]] = ()
    plugins_s: float = 0.0
    verdict: Verdict | None = None
    error: str = ""
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
            engine=self.engine,
            prompt_tokens=done.prompt_tokens if done else 0,
            completion_tokens=done.completion_tokens if done else 0,
            timings=timings,
            audit_labels=dict(request.audit_labels) if request is not None else {},
            plugins=self.plugins,
            screening=self.verdict.as_dict() if self.verdict is not None else None,
            include_text=self.include_text,
        )

    def outcome(self, status: str) -> RequestOutcome:
        """What this call adds to the metrics."""
        done = self.finished
        tpot = None
        if done is not None and done.completion_tokens > 1:
            tpot = (done.total_s - done.ttft_s) / (done.completion_tokens - 1)
        return RequestOutcome(
            tenant=self.tenant,
            sla_class=self.sla_class,
            engine=self.engine,
            status=status,
            queue_s=done.queue_s if done else None,
            ttft_s=done.ttft_s if done else None,
            tpot_s=tpot,
            screening_action=self.verdict.action if self.verdict else None,
            screening_injection=self.verdict.injection if self.verdict else None,
            screening_s=self.verdict.latency_ms / 1000 if self.verdict else None,
            plugin_actions=[
                (str(step["plugin"]), "skipped" if step.get("skipped") else str(step["action"]))
                for step in self.plugins
            ],
        )

    def log_fields(self, status: str) -> dict[str, object]:
        """The request's log line: ids, decisions and timings; never prompt or response text."""
        done = self.finished
        fields: dict[str, object] = {
            "request_id": self.request_id,
            "trace_id": self.trace.trace_id,
            "tenant": self.tenant,
            "peer": self.peer,
            "model": self.request.model if self.request is not None else "",
            "sla_class": self.sla_class,
            "engine": self.engine,
            "status": status,
            "total_s": round(time.monotonic() - self.arrival, 6),
        }
        if done is not None:
            fields.update(
                prompt_tokens=done.prompt_tokens,
                completion_tokens=done.completion_tokens,
                finish_reason=done.finish_reason,
                queue_s=round(done.queue_s, 6),
                ttft_s=round(done.ttft_s, 6),
            )
        if self.verdict is not None:
            fields["screening"] = {
                "action": self.verdict.action,
                "injection": self.verdict.injection,
                "score": round(self.verdict.score, 4),
            }
        if self.plugins:
            fields["plugins"] = [
                {"plugin": step["plugin"], "action": step["action"]} for step in self.plugins
            ]
            fields["plugins_s"] = round(self.plugins_s, 6)
        if self.error:
            fields["error"] = self.error
        return fields
