;; Returns UTF-8 that is not JSON.
(module
  (memory (export "memory") 2)
  (data (i32.const 4096) "{\"action\": pass")
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64)
    (i64.or (i64.shl (i64.const 4096) (i64.const 32)) (i64.const 15))))
