# Precompiled MLIR headers for the compiler's libraries and tools. Parsing
# MLIR's headers is most of the work of every translation unit here (about
# 8 of the 10 s of lib/Conversion/NeveToLLVM/StrLowering.cpp, whose own code
# is 200 lines), so they are parsed once, into one precompiled header that
# every target below reuses; a translation unit then takes from a quarter to
# a half of the time (StrLowering.cpp 10.8 -> 4.5 s, OutlineKernels.cpp 18.4
# -> 5.1 s; docs/getting-started.md, "Build times"). The header takes about
# a minute to build and 1.2 GB in build/. Only upstream
# headers, named with <>, go in: the header is the same in every checkout,
# so ccache (CCACHE_SLOPPINESS in CMakeLists.txt) shares it and what is
# compiled with it between checkouts. -DNEVE_PRECOMPILED_HEADERS=OFF turns
# it off.

option(NEVE_PRECOMPILED_HEADERS
  "Compile MLIR's headers once, for every compiler library" ON)
if(NOT NEVE_PRECOMPILED_HEADERS)
  return()
endif()

# The headers that most translation units include, the dialects of the
# device pipeline (GPU, NVVM, NVGPU, vector) among them: a unit that does
# not need them loads them with the rest (half a second), one that does
# saves seven seconds.
set(host ${CMAKE_BINARY_DIR}/NeveMLIRHeaders.cpp)
file(CONFIGURE OUTPUT ${host} CONTENT
  "// Empty: the target exists for its precompiled header.\n")
add_library(NeveMLIRHeaders OBJECT ${host})
target_precompile_headers(NeveMLIRHeaders PRIVATE
  <mlir/IR/BuiltinOps.h>
  <mlir/IR/Builders.h>
  <mlir/IR/PatternMatch.h>
  <mlir/IR/SymbolTable.h>
  <mlir/IR/Matchers.h>
  <mlir/IR/IRMapping.h>
  <mlir/IR/OpImplementation.h>
  <mlir/IR/Diagnostics.h>
  <mlir/Pass/Pass.h>
  <mlir/Pass/PassManager.h>
  <mlir/Transforms/DialectConversion.h>
  <mlir/Conversion/LLVMCommon/Pattern.h>
  <mlir/Conversion/LLVMCommon/TypeConverter.h>
  <mlir/Dialect/LLVMIR/LLVMDialect.h>
  <mlir/Dialect/Func/IR/FuncOps.h>
  <mlir/Dialect/Arith/IR/Arith.h>
  <mlir/Dialect/SCF/IR/SCF.h>
  <mlir/Dialect/MemRef/IR/MemRef.h>
  <mlir/Dialect/GPU/IR/GPUDialect.h>
  <mlir/Dialect/LLVMIR/NVVMDialect.h>
  <mlir/Dialect/NVGPU/IR/NVGPUDialect.h>
  <mlir/Dialect/Vector/IR/VectorOps.h>)

# Every target whose sources use MLIR (not the front end proper, the
# runtime or the tests, which do not). Every unit here is compiled with
# -fPIC (LLVM's HandleLLVMOptions adds it to the flags), the header too, so
# it matches libNeve's objects (lib/CMakeLists.txt) and the tools alike:
# GCC ignores a precompiled header built with other -fpic/-fpie settings,
# and -Winvalid-pch says so.
foreach(target NeveDialect LayoutDialect NeveFusionPrimitives NeveTransforms
    LayoutTransforms NeveToLLVM NeveConcurrencyToRuntime NeveToGPU
    NeveMLIRGen NevePipeline neve-translate neve-opt neve-mlir-lsp)
  if(TARGET ${target})
    target_precompile_headers(${target} REUSE_FROM NeveMLIRHeaders)
  endif()
endforeach()
