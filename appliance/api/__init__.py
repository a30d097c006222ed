"""The public gRPC API: `appliance.v1` messages and stubs generated from the proto.

The generated modules are committed; `tests/appliance/api/test_generated_code.py` fails when
they drift from `appliance/api/v1/appliance.proto` (regenerate with scripts/gen_proto.sh).
"""

from appliance.api.v1 import appliance_pb2 as pb2
from appliance.api.v1 import appliance_pb2_grpc as pb2_grpc

__all__ = ["pb2", "pb2_grpc"]
