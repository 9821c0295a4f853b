//===- ClusterRuntime.cpp - The rank as the environment gives it ----------===//
//
// cluster_rank, cluster_world_size, cluster_local_rank and cluster_launcher
// (neve_runtime.h) for frost/distributed.nv: ClusterEnv.h's reading of
// neve-launch's, torchrun's and Slurm's variables, with a malformed
// variable a run-time error. No GPU and no NCCL are touched.
//
//===----------------------------------------------------------------------===//

#include "ClusterEnv.h"
#include "Driver.h"

#include "neve/Runtime/neve_runtime.h"

#include <cstdlib>

using namespace neve_cluster;

static ClusterEnv clusterOf(const char *what) {
  ClusterEnv env;
  std::string error;
  if (!detectCluster(std::getenv, env, error))
    neve_gpu::fatal(neve_gpu::errorSite(), std::string(what) + ": " + error);
  return env;
}

extern "C" int32_t cluster_rank(void *ctx) {
  (void)ctx;
  return clusterOf("cluster_rank").rank;
}

extern "C" int32_t cluster_world_size(void *ctx) {
  (void)ctx;
  return clusterOf("cluster_world_size").worldSize;
}

extern "C" int32_t cluster_local_rank(void *ctx) {
  (void)ctx;
  return clusterOf("cluster_local_rank").localRank;
}

extern "C" neve_str *cluster_launcher(void *ctx) {
  (void)ctx;
  return neve_str_from_cstr(launcherName(clusterOf("cluster_launcher").launcher));
}
