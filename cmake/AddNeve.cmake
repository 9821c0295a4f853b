# AddNeve.cmake: building against Neve, in its tree or against the
# installed SDK (NeveConfig.cmake includes this file).
#
#   add_neve_plugin(NAME SOURCES...)
#
# builds a pass or dialect plugin: a module that neve-opt, neve-translate
# and `neve run` load with --load-pass-plugin= / --load-dialect-plugin= /
# -fpass-plugin=. It links libNeve (Neve::Neve) and libMLIR, the shared
# libraries the tools link, so the plugin registers its passes, dialects,
# fusion patterns and roles into the tool's own registries; -z defs makes a
# symbol that neither provides an error at link time instead of at load.
# Like LLVM and MLIR, it is built without RTTI when LLVM is.

function(add_neve_plugin name)
  add_library(${name} MODULE ${ARGN})
  set_target_properties(${name} PROPERTIES PREFIX "lib"
    CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON
    CXX_VISIBILITY_PRESET default)
  target_link_libraries(${name} PRIVATE Neve::Neve MLIR LLVM)
  target_include_directories(${name} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS}
    ${MLIR_INCLUDE_DIRS})
  separate_arguments(_neve_llvm_definitions NATIVE_COMMAND "${LLVM_DEFINITIONS}")
  target_compile_definitions(${name} PRIVATE ${_neve_llvm_definitions})
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${name} PRIVATE -fno-rtti)
  endif()
  target_link_options(${name} PRIVATE -Wl,-z,defs)
endfunction()
