//===- ClusterEnv.h - A rank's place in a cluster, from its environment -*- C++ -*-===//
//
// Frost's data parallelism runs one process per GPU. A process learns its
// rank, the number of ranks, its rank on its node and how to reach rank 0
// from the variables of whatever started it, looked up in this order:
//
//   neve-launch (one node)  NEVE_RANK, NEVE_WORLD_SIZE, NEVE_LOCAL_RANK,
//                           NEVE_NCCL_ID (the id file)
//   torchrun                RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR,
//                           MASTER_PORT
//   Slurm (srun)            SLURM_PROCID, SLURM_NTASKS, SLURM_LOCALID; rank
//                           0 runs on the first node of SLURM_STEP_NODELIST
//                           (else SLURM_JOB_NODELIST, SLURM_NODELIST), and
//                           MASTER_ADDR / MASTER_PORT override the address
//                           and the port (default 29500)
//   none of them            rank 0 of 1
//
// Under torchrun and Slurm, rank 0 hands its NCCL unique id to the others
// over TCP (IdExchange.h), so nodes share no file system.
//
// The parsing is here, apart from the runtime's entry points
// (ClusterRuntime.cpp), so that test/unit/ClusterEnvTest.cpp can feed it
// any environment.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_CLUSTERENV_H
#define NEVE_RUNTIME_GPU_CLUSTERENV_H

#include <functional>
#include <string>

namespace neve_cluster {

enum class Launcher { None, NeveLaunch, Torchrun, Slurm };

/// "none", "neve-launch", "torchrun", "slurm".
const char *launcherName(Launcher l);

struct ClusterEnv {
  Launcher launcher = Launcher::None;
  int rank = 0, worldSize = 1, localRank = 0;
  /// neve-launch: the id file; empty otherwise.
  std::string idFile;
  /// torchrun, Slurm: where rank 0 serves the NCCL id.
  std::string masterAddr;
  int masterPort = 0;
};

/// Looks a variable up: null when it is not set.
using GetEnv = std::function<const char *(const char *)>;

/// The cluster as the environment describes it. False, with `error` naming
/// the variable, when a variable is malformed (not a number, a rank out of
/// range, a torchrun launch without MASTER_ADDR, an unreadable node list).
bool detectCluster(const GetEnv &getenv, ClusterEnv &out, std::string &error);

/// The first host of a Slurm node list: "gpu[07-09,12],cpu3" -> "gpu07",
/// "a[1-2]-b[3-4]" -> "a1-b3", "node5" -> "node5". Empty when the list is
/// malformed (an unclosed bracket, an empty list).
std::string firstSlurmHost(const std::string &nodelist);

/// The port Slurm ranks use when MASTER_PORT is not set.
constexpr int kDefaultMasterPort = 29500;

} // namespace neve_cluster

#endif // NEVE_RUNTIME_GPU_CLUSTERENV_H
