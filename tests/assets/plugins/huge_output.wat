;; process() claims 2 MiB of output, in bounds of its memory: over the host's output cap.
(module
  (memory (export "memory") 64)
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64)
    (i64.or (i64.shl (i64.const 65536) (i64.const 32)) (i64.const 2097152))))
