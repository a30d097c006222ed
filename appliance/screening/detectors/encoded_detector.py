"""Encoded payloads, decoded and screened again within depth and size bounds."""

from __future__ import annotations

from appliance.screening.detectors.decoders import DECODERS
from appliance.screening.detectors.override_detector import find_overrides
from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

_MAX_PAYLOADS = 16


class EncodedPayloadDetector:
    """Peels base64, hex, URL-encoding, ROT13 and leetspeak, then rescreens what they hide."""

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """A finding per decoded payload plus the findings of screening its plaintext."""
        findings: list[Finding] = []
        payloads = 0
        for name, (decode, screen_fully) in DECODERS.items():
            if scan.expired():
                break
            for item in decode(text):
                if not screen_fully and not find_overrides(item.text):
                    continue
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
                # A payload that decodes only under ROT13 or leetspeak and then reads as an
                # override was obfuscated on purpose.
                base = 0.2 if screen_fully else 0.8
                findings.append(
                    Finding(
                        kind="encoded_payload",
                        start=item.start,
                        end=item.end,
                        path=name,
                        score=base,
                        detail=item.text[:80],
                        segment=item.text,
                    )
                )
                findings.extend(scan.rescreen(item.text, item.start, item.end, name))
        return findings
