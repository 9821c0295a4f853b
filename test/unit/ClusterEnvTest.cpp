//===- ClusterEnvTest.cpp - Ranks from neve-launch, torchrun, Slurm -------===//
//
// lib/Runtime/GPU/ClusterEnv.cpp over environments given as maps: which
// launcher wins, the ranks and the master each gives, Slurm's node lists,
// and every malformed variable named in the error.
//
//===----------------------------------------------------------------------===//

#include "ClusterEnv.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace {

using namespace neve_cluster;
using Env = std::map<std::string, std::string>;

bool detect(const Env &env, ClusterEnv &out, std::string &error) {
  return detectCluster(
      [&](const char *name) -> const char * {
        auto it = env.find(name);
        return it == env.end() ? nullptr : it->second.c_str();
      },
      out, error);
}

ClusterEnv ok(const Env &env) {
  ClusterEnv out;
  std::string error;
  EXPECT_TRUE(detect(env, out, error)) << error;
  return out;
}

std::string failure(const Env &env) {
  ClusterEnv out;
  std::string error;
  EXPECT_FALSE(detect(env, out, error));
  return error;
}

TEST(ClusterEnv, NoLauncherIsRankZeroOfOne) {
  ClusterEnv c = ok({{"HOME", "/root"}, {"RANK", ""}});
  EXPECT_EQ(c.launcher, Launcher::None);
  EXPECT_EQ(c.rank, 0);
  EXPECT_EQ(c.worldSize, 1);
  EXPECT_EQ(c.localRank, 0);
  EXPECT_STREQ(launcherName(c.launcher), "none");
}

TEST(ClusterEnv, NeveLaunchComesFirst) {
  ClusterEnv c = ok({{"NEVE_RANK", "2"}, {"NEVE_WORLD_SIZE", "4"},
                     {"NEVE_LOCAL_RANK", "2"}, {"NEVE_NCCL_ID", "/tmp/id"},
                     {"RANK", "0"}, {"WORLD_SIZE", "8"}});
  EXPECT_EQ(c.launcher, Launcher::NeveLaunch);
  EXPECT_EQ(c.rank, 2);
  EXPECT_EQ(c.worldSize, 4);
  EXPECT_EQ(c.idFile, "/tmp/id");
}

TEST(ClusterEnv, Torchrun) {
  ClusterEnv c = ok({{"RANK", "5"}, {"WORLD_SIZE", "8"}, {"LOCAL_RANK", "1"},
                     {"MASTER_ADDR", "node0.example"}, {"MASTER_PORT", "29400"},
                     {"SLURM_PROCID", "3"}, {"SLURM_NTASKS", "4"}});
  EXPECT_EQ(c.launcher, Launcher::Torchrun);
  EXPECT_EQ(c.rank, 5);
  EXPECT_EQ(c.worldSize, 8);
  EXPECT_EQ(c.localRank, 1);
  EXPECT_EQ(c.masterAddr, "node0.example");
  EXPECT_EQ(c.masterPort, 29400);
  EXPECT_STREQ(launcherName(c.launcher), "torchrun");
}

TEST(ClusterEnv, TorchrunNeedsTheMaster) {
  EXPECT_EQ(failure({{"RANK", "1"}, {"WORLD_SIZE", "2"}, {"MASTER_PORT", "1"}}),
            "MASTER_ADDR is not set (torchrun sets it with RANK and "
            "WORLD_SIZE)");
  EXPECT_EQ(failure({{"RANK", "1"}, {"WORLD_SIZE", "2"},
                     {"MASTER_ADDR", "h"}}),
            "MASTER_PORT is not set");
  EXPECT_EQ(failure({{"RANK", "1"}, {"WORLD_SIZE", "2"}, {"MASTER_ADDR", "h"},
                     {"MASTER_PORT", "70000"}}),
            "MASTER_PORT='70000' is not a number from 1 to 65535");
}

TEST(ClusterEnv, SlurmTakesTheFirstNodeAsMaster) {
  ClusterEnv c = ok({{"SLURM_PROCID", "6"}, {"SLURM_NTASKS", "8"},
                     {"SLURM_LOCALID", "2"},
                     {"SLURM_STEP_NODELIST", "gpu[07-08,12],cpu1"},
                     {"SLURM_JOB_NODELIST", "other[1-9]"}});
  EXPECT_EQ(c.launcher, Launcher::Slurm);
  EXPECT_EQ(c.rank, 6);
  EXPECT_EQ(c.worldSize, 8);
  EXPECT_EQ(c.localRank, 2);
  EXPECT_EQ(c.masterAddr, "gpu07");
  EXPECT_EQ(c.masterPort, kDefaultMasterPort);
  // the job's list without the step's; MASTER_* override
  EXPECT_EQ(ok({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "2"},
                {"SLURM_JOB_NODELIST", "n1"}})
                .masterAddr,
            "n1");
  ClusterEnv o = ok({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "2"},
                     {"SLURM_JOB_NODELIST", "n1"}, {"MASTER_ADDR", "10.0.0.9"},
                     {"MASTER_PORT", "1234"}});
  EXPECT_EQ(o.masterAddr, "10.0.0.9");
  EXPECT_EQ(o.masterPort, 1234);
}

TEST(ClusterEnv, SlurmErrors) {
  EXPECT_EQ(failure({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "2"}}),
            "SLURM_PROCID is set but no node list (SLURM_STEP_NODELIST, "
            "SLURM_JOB_NODELIST) nor MASTER_ADDR is");
  EXPECT_EQ(failure({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "2"},
                     {"SLURM_STEP_NODELIST", "gpu[01-02"}}),
            "SLURM_STEP_NODELIST='gpu[01-02' is not a node list (set "
            "MASTER_ADDR)");
  EXPECT_EQ(failure({{"SLURM_PROCID", "0"}}), "SLURM_NTASKS is not set");
}

TEST(ClusterEnv, MalformedRanksAreNamed) {
  EXPECT_EQ(failure({{"RANK", "x"}, {"WORLD_SIZE", "2"}}),
            "RANK='x' is not a number from 0 to 1048576");
  EXPECT_EQ(failure({{"RANK", "2"}, {"WORLD_SIZE", "2"}}),
            "RANK=2 is not below WORLD_SIZE=2");
  EXPECT_EQ(failure({{"RANK", "0"}, {"WORLD_SIZE", "0"}}),
            "WORLD_SIZE='0' is not a number from 1 to 1048576");
  EXPECT_EQ(failure({{"RANK", "0"}, {"WORLD_SIZE", "2"}, {"LOCAL_RANK", "-1"},
                     {"MASTER_ADDR", "h"}, {"MASTER_PORT", "1"}}),
            "LOCAL_RANK='-1' is not a number from 0 to 1048576");
  EXPECT_EQ(failure({{"NEVE_WORLD_SIZE", "2"}}),
            "NEVE_WORLD_SIZE is set but NEVE_RANK is not");
  EXPECT_EQ(failure({{"RANK", "1"}}), "WORLD_SIZE is not set");
}

TEST(ClusterEnv, FirstSlurmHost) {
  EXPECT_EQ(firstSlurmHost("node5"), "node5");
  EXPECT_EQ(firstSlurmHost("node5,node6"), "node5");
  EXPECT_EQ(firstSlurmHost("gpu[07-09,12],cpu3"), "gpu07");
  EXPECT_EQ(firstSlurmHost("gpu[3,1]"), "gpu3");
  EXPECT_EQ(firstSlurmHost("rack[2-3]-node[010-011]"), "rack2-node010");
  EXPECT_EQ(firstSlurmHost("a[1-2]x"), "a1x");
  EXPECT_EQ(firstSlurmHost(""), "");
  EXPECT_EQ(firstSlurmHost("gpu[07"), "");
  EXPECT_EQ(firstSlurmHost("gpu]1"), "");
  EXPECT_EQ(firstSlurmHost("gpu[]"), "");
  EXPECT_EQ(firstSlurmHost("gpu[a-b]"), "");
}

} // namespace
