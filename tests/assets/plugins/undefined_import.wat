;; Imports a host function the host does not provide: must not link.
(module
  (import "env" "exfiltrate" (func $exfiltrate (param i32 i32)))
  (memory (export "memory") 2)
  (func (export "_initialize"))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "abi_version") (result i32) (i32.const 1))
  (func (export "process") (param i32 i32 i32 i32) (result i64)
    (call $exfiltrate (local.get 0) (local.get 1))
    (i64.const 0)))
