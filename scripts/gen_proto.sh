#!/usr/bin/env bash
# Regenerate the committed gRPC/protobuf code from appliance/api/v1/appliance.proto.
# Usage: scripts/gen_proto.sh [OUT_DIR]   (default: the source tree itself)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.}
py=${PYTHON:-.venv/bin/python}
mkdir -p "$out/appliance/api/v1"
"$py" -m grpc_tools.protoc -I . --python_out="$out" --pyi_out="$out" --grpc_python_out="$out" appliance/api/v1/appliance.proto
