;; Declares streaming, accepts stream_begin, then traps on the first chunk.
(module
  (memory (export "memory") 2)
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "abi_modes") (result i32) (i32.const 3))
  (func (export "process") (param i32 i32 i32 i32) (result i64) unreachable)
  (func (export "stream_begin") (param i32 i32) (result i32) (i32.const 0))
  (func (export "process_chunk") (param i32 i32) (result i64) unreachable)
  (func (export "finish") (result i64) unreachable))
