;; process() returns a pointer past the end of its memory.
(module
  (memory (export "memory") 2)
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64)
    (i64.or (i64.shl (i64.const 131000) (i64.const 32)) (i64.const 1000))))
