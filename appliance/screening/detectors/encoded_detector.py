"""Encoded payloads, decoded and screened again within depth and size bounds."""

from __future__ import annotations

from appliance.screening.detectors.decoders import DECODERS, reads_as_sentences
from appliance.screening.detectors.override_detector import override_rules
from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

_MAX_PAYLOADS = 16


class EncodedPayloadDetector:
    """Peels every encoding in `DECODERS` (base64, base32, hex, URL-encoding, mojibake,
    letter shifts, leetspeak, spelling alphabets, backwards text, acrostics), then rescreens
    what each hides."""

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """A finding per decoded payload plus the findings of screening its plaintext."""
        findings: list[Finding] = []
        payloads = 0
        seen: set[tuple[int, int, str]] = set()
        for name, decoding in DECODERS.items():
            if scan.expired():
                break
            for item in decoding.decode(text):
                # ROT13 and leetspeak read any text: kept only when the reading holds an
                # override the text as written does not ("10k for 5 min" beside a runbook's
                # "Admin override:" is no second, hidden one).
                if not decoding.screen_fully and not (
                    override_rules(item.text) - override_rules(text[item.start : item.end])
                ):
                    continue
                if (item.start, item.end, item.text) in seen:
                    continue  # one ROT13 line found by the ROT13 and letter-shift decoders
                seen.add((item.start, item.end, item.text))
                payloads += 1
                if payloads > _MAX_PAYLOADS:
                    return findings
                if not scan.can_descend():
                    findings.append(
                        Finding(
                            "decode_depth_exceeded",
                            item.start,
                            item.end,
                            name,
                            0.7,
                            f"encoding nested deeper than {scan.depth} layers",
                        )
                    )
                    continue
                if not scan.take_decoded(len(item.text)):
                    findings.append(
                        Finding(
                            "decode_budget_exceeded",
                            item.start,
                            item.end,
                            name,
                            0.5,
                            "decoded size allowance spent",
                        )
                    )
                    return findings
                findings.append(
                    Finding(
                        kind="encoded_payload",
                        start=item.start,
                        end=item.end,
                        path=name,
                        score=decoding.score,
                        detail=item.text[:80],
                        segment=(
                            item.text
                            if not decoding.carries_data or reads_as_sentences(item.text)
                            else None
                        ),
                    )
                )
                findings.extend(scan.rescreen(item.text, item.start, item.end, name))
        return findings
