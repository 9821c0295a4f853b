/* A shared library without MLIR's plugin entry points
   (mlirGetPassPluginInfo, mlirGetDialectPluginInfo). */
int neve_not_a_plugin(void) { return 0; }
