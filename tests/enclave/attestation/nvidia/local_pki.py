"""A throwaway PKI for tests: roots, CAs, leaves, OCSP responses, re-signed RIMs, forged reports.

Everything here is made locally, so a test can hold NVIDIA's real evidence fixed and change
one thing: a different root, a revoked certificate, a RIM with one golden value edited.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding
from cryptography.x509 import ocsp
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from lxml import etree
from signxml.algorithms import CanonicalizationMethod, DigestAlgorithm, SignatureMethod
from signxml.signer import XMLSigner

from enclave.attestation.nvidia.rim import DSIG_NAMESPACE
from enclave.attestation.nvidia.spdm_report import REQUEST_BYTES, SIGNATURE_BYTES

EPOCH = datetime(2020, 1, 1, tzinfo=UTC)
FAR_FUTURE = datetime(2099, 1, 1, tzinfo=UTC)
FWID_OID = x509.ObjectIdentifier("2.23.133.5.4.1")


@dataclass(frozen=True)
class Issued:
    certificate: x509.Certificate
    key: ec.EllipticCurvePrivateKey


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def key_usage_of(*, digital_signature: bool = False, cert_sign: bool = False) -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=digital_signature,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=cert_sign,
        crl_sign=cert_sign,
        encipher_only=False,
        decipher_only=False,
    )


def make_root(
    common_name: str, *, not_before: datetime = EPOCH, not_after: datetime = FAR_FUTURE
) -> Issued:
    key = ec.generate_private_key(ec.SECP384R1())
    certificate = (
        x509.CertificateBuilder()
        .subject_name(_name(common_name))
        .issuer_name(_name(common_name))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(key_usage_of(cert_sign=True), critical=True)
        .sign(key, hashes.SHA384())
    )
    return Issued(certificate, key)


def issue(
    issuer: Issued,
    common_name: str,
    *,
    ca: bool,
    not_before: datetime = EPOCH,
    not_after: datetime = FAR_FUTURE,
    basic_constraints: x509.BasicConstraints | None = None,
    key_usage: x509.KeyUsage | None = None,
    extra: Sequence[tuple[x509.ExtensionType, bool]] = (),
    key: ec.EllipticCurvePrivateKey | None = None,
) -> Issued:
    """Issue a CA (`ca=True`) or leaf; `basic_constraints`/`key_usage` override the defaults."""
    key = key or ec.generate_private_key(ec.SECP384R1())
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(common_name))
        .issuer_name(issuer.certificate.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
    )
    constraints = basic_constraints or (
        x509.BasicConstraints(ca=True, path_length=None) if ca else None
    )
    if constraints is not None:
        builder = builder.add_extension(constraints, critical=True)
    usage = key_usage or (
        key_usage_of(cert_sign=True) if ca else key_usage_of(digital_signature=True)
    )
    builder = builder.add_extension(usage, critical=True)
    for extension, critical in extra:
        builder = builder.add_extension(extension, critical=critical)
    return Issued(builder.sign(issuer.key, hashes.SHA384()), key)


def fwid_extension(fwid: bytes) -> tuple[x509.ExtensionType, bool]:
    """A TCB-info-like extension ending in OCTET STRING(fwid), shaped like NVIDIA's."""
    digest = b"\x04" + bytes([len(fwid)]) + fwid
    body = b"\x02\x01\x01" + digest
    return x509.UnrecognizedExtension(FWID_OID, b"\x30" + bytes([len(body)]) + body), False


def device_chain(
    fwid: bytes, *, root_not_after: datetime = FAR_FUTURE
) -> tuple[Issued, list[Issued]]:
    """A five-certificate chain shaped like a Hopper GPU's: (root, [leaf, ..., root])."""
    root = make_root("Test Device Identity CA", not_after=root_not_after)
    identity = issue(root, "Test GH100 Identity", ca=True)
    provisioner = issue(identity, "Test Provisioner ICA", ca=True)
    brom = issue(provisioner, "Test GSP BROM", ca=True)
    leaf = issue(brom, "Test GSP FMC LF", ca=False, extra=[fwid_extension(fwid)])
    return root, [leaf, brom, provisioner, identity, root]


def pem_chain(chain: Sequence[Issued | x509.Certificate]) -> bytes:
    certificates = [item.certificate if isinstance(item, Issued) else item for item in chain]
    return b"".join(certificate.public_bytes(Encoding.PEM) for certificate in certificates)


def forge_report(
    report: bytes, leaf_key: ec.EllipticCurvePrivateKey, *, nonce: bytes, extra_opaque: bytes = b""
) -> bytes:
    """NVIDIA's sample report with our nonce (and optional opaque records), re-signed."""
    request = report[:4] + nonce + report[4 + len(nonce) : REQUEST_BYTES]
    body = bytearray(report[REQUEST_BYTES:-SIGNATURE_BYTES])
    record_length = int.from_bytes(body[5:8], "little")
    opaque_at = 8 + record_length + 32
    opaque_length = int.from_bytes(body[opaque_at : opaque_at + 2], "little")
    body[opaque_at : opaque_at + 2] = (opaque_length + len(extra_opaque)).to_bytes(2, "little")
    signed = request + bytes(body) + extra_opaque
    r, s = decode_dss_signature(leaf_key.sign(signed, ec.ECDSA(hashes.SHA384())))
    return signed + r.to_bytes(48, "big") + s.to_bytes(48, "big")


def opaque_record(field_type: int, data: bytes) -> bytes:
    return field_type.to_bytes(2, "little") + len(data).to_bytes(2, "little") + data


def resign_rim(
    document: bytes,
    chain: Sequence[Issued],
    *,
    edit: Callable[[etree._Element], None] | None = None,
    signature_algorithm: SignatureMethod = SignatureMethod.ECDSA_SHA384,
    digest_algorithm: DigestAlgorithm = DigestAlgorithm.SHA384,
) -> bytes:
    """Strip the RIM's signature, apply `edit`, sign it as NVIDIA does with `chain[0]`."""
    root = etree.fromstring(document)
    for signature in root.findall(f"{{{DSIG_NAMESPACE}}}Signature"):
        root.remove(signature)
    if edit is not None:
        edit(root)
    signer = XMLSigner(
        signature_algorithm=signature_algorithm,
        digest_algorithm=digest_algorithm,
        c14n_algorithm=CanonicalizationMethod.CANONICAL_XML_1_1,
    )
    signed = signer.sign(root, key=chain[0].key, cert=[item.certificate for item in chain])
    return bytes(etree.tostring(signed))


def ocsp_response(
    certificate: x509.Certificate,
    issuer: Issued,
    *,
    responder: Issued | None = None,
    status: ocsp.OCSPCertStatus = ocsp.OCSPCertStatus.GOOD,
    this_update: datetime,
    next_update: datetime | None = None,
    reason: x509.ReasonFlags | None = None,
) -> bytes:
    """A DER OCSP response for `certificate`, signed by `responder` (default: the issuer)."""
    signer = responder or issuer
    revoked = status is ocsp.OCSPCertStatus.REVOKED
    builder = (
        ocsp.OCSPResponseBuilder()
        .add_response(
            cert=certificate,
            issuer=issuer.certificate,
            algorithm=hashes.SHA384(),
            cert_status=status,
            this_update=this_update,
            next_update=next_update,
            revocation_time=this_update - timedelta(days=1) if revoked else None,
            revocation_reason=reason if revoked else None,
        )
        .responder_id(ocsp.OCSPResponderEncoding.HASH, signer.certificate)
    )
    if responder is not None:
        builder = builder.certificates([responder.certificate])
    return builder.sign(signer.key, hashes.SHA384()).public_bytes(Encoding.DER)


def ocsp_responder(issuer: Issued, *, signing_usage: bool = True) -> Issued:
    extended = x509.ExtendedKeyUsage(
        [ExtendedKeyUsageOID.OCSP_SIGNING if signing_usage else ExtendedKeyUsageOID.CLIENT_AUTH]
    )
    return issue(issuer, "Test OCSP Responder", ca=False, extra=[(extended, False)])
