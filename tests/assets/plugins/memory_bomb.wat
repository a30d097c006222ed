;; process() grows memory until refused, then traps: the store limit must hold.
(module
  (memory (export "memory") 2)
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64)
    (block $refused
      (loop $grow
        (br_if $refused (i32.eq (memory.grow (i32.const 16)) (i32.const -1)))
        (br $grow)))
    unreachable))
