;; Counts its calls in a global and returns the count: "1" on every request proves that each
;; request gets a fresh instance.
(module
  (memory (export "memory") 2)
  (global $calls (mut i32) (i32.const 0))
  (data (i32.const 4096) "{\"action\":\"modify\",\"text\":\"0\"}")
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64)
    (global.set $calls (i32.add (global.get $calls) (i32.const 1)))
    (i32.store8 (i32.const 4123) (i32.add (i32.const 48) (global.get $calls)))
    (i64.or (i64.shl (i64.const 4096) (i64.const 32)) (i64.const 30))))
