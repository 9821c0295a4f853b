func.func @divide(%a: i32, %b: i32) -> i32 {
  %q = neve.divi %a, %b : i32
  return %q : i32
}
