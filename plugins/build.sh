#!/bin/sh
# Build every example plugin into plugins/build/<name>.wasm and print its digest.
# Needs clang, lld and a wasm32-wasi sysroot (Debian: clang lld wasi-libc libclang-rt-dev-wasm32).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
appliance=${APPLIANCE:-"$root/.venv/bin/appliance"}
mkdir -p "$here/build"
for dir in "$here"/examples/*/; do
    name=$(basename "$dir")
    "$appliance" plugin build "$dir$name.c" -o "$here/build/$name.wasm"
done
