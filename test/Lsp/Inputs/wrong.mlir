func.func @wrong(%a: i32) -> i64 {
  %q = neve.divi %a, %a : i32
  return %q : i32
}
