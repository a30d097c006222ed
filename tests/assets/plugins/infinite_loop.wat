;; process() never returns: the host must stop it by fuel or deadline.
(module
  (memory (export "memory") 2)
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64)
    (loop $forever (br $forever))
    (i64.const 0)))
