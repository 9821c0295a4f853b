// A dialect plugin (examples/fusion-plugin/SampleDialect.td: an op over
// Neve's `!neve.str`, from the SDK's .td files and libNeve) loaded into
// neve-opt: its op parses, prints and verifies; without the plugin it is
// unknown. neve-translate loads it too.
// RUN: %neve-opt --load-dialect-plugin=%sample-dialect-plugin %s | FileCheck %s
// RUN: %neve-opt %s --load-dialect-plugin %sample-dialect-plugin | %neve-opt --load-dialect-plugin=%sample-dialect-plugin | FileCheck %s
// RUN: not %neve-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// RUN: %neve-translate --load-dialect-plugin=%sample-dialect-plugin %S/Inputs/hello.nv --emit=neve -o /dev/null

// NOPLUGIN: error: Dialect `sample' not found for custom op 'sample.label'

// CHECK-LABEL: func.func @f
// CHECK: sample.label "greeting", %arg0 : !neve.str
func.func @f(%s: !neve.str) {
  sample.label "greeting", %s : !neve.str
  return
}
