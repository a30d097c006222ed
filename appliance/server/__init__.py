"""The gRPC daemon: services, the one status-code mapping, identity, lifecycle."""

from appliance.server.daemon import Daemon, DaemonStartError
from appliance.server.identity import PeerIdentity, identity_from_context
from appliance.server.status_codes import StatusReply, status_for
from appliance.server.systemd_notify import SystemdNotifier
from appliance.server.tls import TlsSetupError

__all__ = [
    "Daemon",
    "DaemonStartError",
    "PeerIdentity",
    "StatusReply",
    "SystemdNotifier",
    "TlsSetupError",
    "identity_from_context",
    "status_for",
]
