//===- SampleDialect.td - A dialect plugin over Neve's types -*- tablegen -*-===//
//
// A dialect loaded with --load-dialect-plugin=libNeveSampleDialect.so. Its
// one op takes a `!neve.str`: the ODS of Neve's types comes from the SDK's
// installed .td files, and the type itself from libNeve, which the plugin
// shares with the tool.
//
//===----------------------------------------------------------------------===//

#ifndef SAMPLE_DIALECT
#define SAMPLE_DIALECT

include "mlir/IR/OpBase.td"
include "neve/Dialect/Neve/IR/NeveTypes.td"

def Sample_Dialect : Dialect {
  let name = "sample";
  let summary = "A sample dialect plugin of Neve";
  let cppNamespace = "::sample";
  let dependentDialects = ["::mlir::neve::NeveDialect"];
}

def Sample_LabelOp : Op<Sample_Dialect, "label"> {
  let summary = "Names a Neve string";
  let arguments = (ins Neve_StrType:$text, StrAttr:$name);
  let assemblyFormat = "$name `,` $text attr-dict `:` type($text)";
}

#endif // SAMPLE_DIALECT
