;; Declares 128 MiB of initial memory, over the host's 64 MiB limit: refused at instantiation.
(module
  (memory (export "memory") 2048)
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64) (i64.const 0)))
