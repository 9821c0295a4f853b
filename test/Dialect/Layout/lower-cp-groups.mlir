// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.cp_commit_group and layout.cp_wait_group: the NVVM cp.async group
// operations, with the pending count as the wait's attribute.

// CHECK-LABEL: func.func @groups(
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 2
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: return
func.func @groups() {
  layout.cp_commit_group
  layout.cp_wait_group 2
  layout.cp_commit_group
  layout.cp_wait_group 0
  return
}
