//===- NcclClusterTest.cpp - Several ranks from torchrun's and Slurm's env -===//
//
// nccl_comm_init_env (lib/Runtime/GPU/Nccl.cpp) in several processes
// started without any launcher, each given the variables torchrun or Slurm
// would give it: rank 0 hands its id out over TCP on the loopback
// (IdExchange.h), every rank joins the fake NCCL (FakeNccl.cpp, several
// processes over the loopback) over the fake driver, and the collectives
// give every rank the same, correct results. Each rank is a forked child
// that reports through its exit status; the parent stops them all after
// 60 s so a hang fails the test instead of blocking it.
//
//===----------------------------------------------------------------------===//

#include "FakeNccl.h"
#include "GpuRuntimeTestSupport.h"

#include <arpa/inet.h>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <functional>
#include <map>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using namespace neve_test;

testing::Environment *const fakeDriverEnvironment =
    testing::AddGlobalTestEnvironment(new FakeDriverEnvironment);

int freePort() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
  getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
  close(fd);
  return ntohs(a.sin_port);
}

const char *const kClusterVars[] = {
    "NEVE_RANK",    "NEVE_WORLD_SIZE", "NEVE_LOCAL_RANK", "NEVE_NCCL_ID",
    "RANK",         "WORLD_SIZE",      "LOCAL_RANK",      "MASTER_ADDR",
    "MASTER_PORT",  "SLURM_PROCID",    "SLURM_NTASKS",    "SLURM_LOCALID",
    "SLURM_STEP_NODELIST", "SLURM_JOB_NODELIST", "SLURM_NODELIST"};

/// What one rank checks; its exit status is 0 when all held, else the
/// number of the first check that failed.
int rankBody(int rank, int world) {
  void *ctx = neve_context();
  void *comm = nccl_comm_init_env(ctx, 20);
  if (!comm)
    return 2;
  if (nccl_comm_size(ctx, comm) != world || nccl_comm_rank(ctx, comm) != rank)
    return 3;
  if (cluster_rank(ctx) != rank || cluster_world_size(ctx) != world)
    return 4;
  // all-reduce: rank r gives (r+1, 10(r+1)); the sum is the same everywhere
  float mine[2] = {float(rank + 1), float(10 * (rank + 1))};
  float *x = float_cpu_cuda(ctx, mine, 2);
  nccl_all_reduce(ctx, comm, x, x, 2, 0);
  float *h = float_pp_cpu(ctx, x, 2);
  float total = float(world * (world + 1) / 2);
  if (h[0] != total || h[1] != 10 * total)
    return 5;
  // average and max
  x = float_cpu_cuda(ctx, mine, 2);
  nccl_all_reduce(ctx, comm, x, x, 2, 2);
  h = float_pp_cpu(ctx, x, 2);
  if (h[0] != float(world))
    return 6;
  // all-gather: rank r's value at r
  float *all = zeros_cuda(ctx, world);
  float one = float(100 + rank);
  nccl_all_gather(ctx, comm, float_cpu_cuda(ctx, &one, 1), all, 1);
  h = float_pp_cpu(ctx, all, world);
  for (int r = 0; r < world; ++r)
    if (h[r] != float(100 + r))
      return 7;
  // broadcast of rank 0's values
  float seed[2] = {float(rank == 0 ? 42 : -1), 7};
  x = float_cpu_cuda(ctx, seed, 2);
  nccl_broadcast(ctx, comm, x, x, 2, 0);
  h = float_pp_cpu(ctx, x, 2);
  if (h[0] != 42)
    return 8;
  nccl_comm_destroy(ctx, comm);
  return 0;
}

/// Starts `world` ranks, rank r with the variables `envOf(r)`, and returns
/// each one's exit status (-1: stopped after 60 s).
std::vector<int>
runRanks(int world, const std::function<std::map<std::string, std::string>(int)>
                        &envOf) {
  std::vector<pid_t> pids;
  for (int r = 0; r < world; ++r) {
    pid_t pid = fork();
    if (pid == 0) {
      for (const char *v : kClusterVars)
        unsetenv(v);
      setenv("NEVE_NCCL_LIBRARY", NEVE_FAKE_NCCL_PATH, 1);
      for (const auto &[k, v] : envOf(r))
        setenv(k.c_str(), v.c_str(), 1);
      _exit(rankBody(r, world));
    }
    pids.push_back(pid);
  }
  std::vector<int> status(size_t(world), -1);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  int left = world;
  while (left > 0 && std::chrono::steady_clock::now() < deadline) {
    for (int r = 0; r < world; ++r) {
      int st = 0;
      if (status[size_t(r)] == -1 && waitpid(pids[size_t(r)], &st, WNOHANG) > 0) {
        status[size_t(r)] = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        --left;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (int r = 0; r < world; ++r)
    if (status[size_t(r)] == -1) {
      kill(pids[size_t(r)], SIGKILL);
      waitpid(pids[size_t(r)], nullptr, 0);
    }
  return status;
}

TEST(NcclCluster, TorchrunRanksOverTheLoopback) {
  std::string port = std::to_string(freePort());
  std::vector<int> status = runRanks(3, [&](int r) {
    return std::map<std::string, std::string>{
        {"RANK", std::to_string(r)}, {"WORLD_SIZE", "3"},
        {"LOCAL_RANK", std::to_string(r)}, {"MASTER_ADDR", "127.0.0.1"},
        {"MASTER_PORT", port}};
  });
  EXPECT_EQ(status, std::vector<int>(3, 0));
}

TEST(NcclCluster, SlurmRanksWithTheFirstNodeAsMaster) {
  std::string port = std::to_string(freePort());
  std::vector<int> status = runRanks(4, [&](int r) {
    return std::map<std::string, std::string>{
        {"SLURM_PROCID", std::to_string(r)}, {"SLURM_NTASKS", "4"},
        {"SLURM_LOCALID", std::to_string(r % 2)},
        {"SLURM_STEP_NODELIST", "localhost,otherhost[1-3]"},
        {"MASTER_PORT", port}};
  });
  EXPECT_EQ(status, std::vector<int>(4, 0));
}

TEST(NcclCluster, OneTorchrunRankNeedsNoPeers) {
  std::vector<int> status = runRanks(1, [](int) {
    return std::map<std::string, std::string>{{"RANK", "0"},
                                              {"WORLD_SIZE", "1"},
                                              {"MASTER_ADDR", "127.0.0.1"},
                                              {"MASTER_PORT", "1"}};
  });
  EXPECT_EQ(status, std::vector<int>(1, 0));
}

using NcclClusterDeathTest = ThreadsafeDeathTest;

TEST_F(NcclClusterDeathTest, WithoutALauncherThereIsNoCommunicator) {
  EXPECT_EXIT(
      {
        for (const char *v : kClusterVars)
          unsetenv(v);
        _exit(nccl_comm_init_env(neve_context(), 1) == nullptr ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

TEST_F(NcclClusterDeathTest, AMalformedVariableIsARuntimeError) {
  EXPECT_EXIT(
      {
        for (const char *v : kClusterVars)
          unsetenv(v);
        setenv("RANK", "one", 1);
        setenv("WORLD_SIZE", "2", 1);
        cluster_rank(neve_context());
      },
      testing::ExitedWithCode(1),
      "runtime error: cluster_rank: RANK='one' is not a number from 0 to "
      "1048576");
}

TEST_F(NcclClusterDeathTest, RankZeroAloneTimesOutNamingTheMissingRank) {
  int port = freePort();
  EXPECT_EXIT(
      {
        for (const char *v : kClusterVars)
          unsetenv(v);
        setenv("NEVE_NCCL_LIBRARY", NEVE_FAKE_NCCL_PATH, 1);
        setenv("RANK", "0", 1);
        setenv("WORLD_SIZE", "2", 1);
        setenv("MASTER_ADDR", "127.0.0.1", 1);
        setenv("MASTER_PORT", std::to_string(port).c_str(), 1);
        nccl_comm_init_env(neve_context(), 1);
      },
      testing::ExitedWithCode(1),
      "runtime error: nccl_comm_init_env: rank 0 waited 1 s on port [0-9]+ "
      "for rank 1");
}

TEST_F(NcclClusterDeathTest, NeveLaunchRanksWithoutAnIdFile) {
  EXPECT_EXIT(
      {
        for (const char *v : kClusterVars)
          unsetenv(v);
        setenv("NEVE_RANK", "0", 1);
        setenv("NEVE_WORLD_SIZE", "2", 1);
        nccl_comm_init_env(neve_context(), 1);
      },
      testing::ExitedWithCode(1),
      "nccl_comm_init_env: 2 ranks \\(NEVE_WORLD_SIZE\\) but no NCCL id file "
      "\\(NEVE_NCCL_ID\\): start the program with neve-launch");
}

} // namespace
