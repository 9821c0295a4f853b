//===- NcclTest.cpp - The runtime's NCCL collectives, one rank --*- C++ -*-===//
//
// lib/Runtime/GPU/Nccl.cpp over the fake driver and a fake one-rank NCCL
// (FakeNccl.cpp, through NEVE_NCCL_LIBRARY): the unique-id handshake
// through a file, the communicator, every collective on the thread's
// stream with the right count and reduction, NVLink multicast off, and the
// errors (no library, no id, bad rank, bad reduction, no communicator),
// each in a fresh process.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "FakeNccl.h"
#include "GpuRuntimeTestSupport.h"

#include <cstdio>
#include <string>
#include <unistd.h>

#ifndef NEVE_FAKE_NCCL_PATH
#error "NEVE_FAKE_NCCL_PATH must name libneve-fake-nccl.so"
#endif

namespace {

using namespace neve_test;

testing::Environment *const fakeDriverEnvironment =
    testing::AddGlobalTestEnvironment(new FakeDriverEnvironment);

FakeNcclStats ncclStats() {
  void *lib = dlopen(NEVE_FAKE_NCCL_PATH, RTLD_NOW | RTLD_NOLOAD);
  EXPECT_NE(lib, nullptr) << "the fake NCCL is not loaded";
  FakeNcclStats s{};
  if (!lib)
    return s;
  auto *get = reinterpret_cast<void (*)(FakeNcclStats *)>(
      dlsym(lib, "fake_nccl_stats"));
  get(&s);
  dlclose(lib);
  return s;
}

neve_str *str(const std::string &s) { return neve_str_from_cstr(s.c_str()); }

/// n floats of device buffer p, read back (the host copy freed).
std::vector<float> readBack(const float *p, size_t n) {
  float *h = float_pp_cpu(neve_context(), p, int64_t(n));
  std::vector<float> v = toVector(h, n);
  std::free(h);
  return v;
}

std::string tempPath(const char *name) {
  return (testing::TempDir() + name + std::to_string(getpid()));
}

class NcclTest : public testing::Test {
protected:
  void SetUp() override {
    setenv("NEVE_NCCL_LIBRARY", NEVE_FAKE_NCCL_PATH, 1);
    unsetenv("NCCL_NVLS_ENABLE");
  }
};

TEST_F(NcclTest, HandshakeAndCollectivesOnOneRank) {
  void *ctx = neve_context();
  std::string id = tempPath("nccl-id-");
  std::remove(id.c_str());
  ASSERT_TRUE(nccl_id_create(ctx, str(id)));
  void *comm = nccl_comm_init(ctx, str(id), 1, 0, 5);
  ASSERT_NE(comm, nullptr);
  EXPECT_NE(access(id.c_str(), F_OK), 0) << "rank 0 removes the id file";
  EXPECT_EQ(nccl_comm_size(ctx, comm), 1);
  EXPECT_EQ(nccl_comm_rank(ctx, comm), 0);
  FakeNcclStats s = ncclStats();
  EXPECT_EQ(s.inits, 1);
  EXPECT_EQ(s.nvlsOffAtInit, 1) << "NCCL_NVLS_ENABLE must be 0 before init";

  const float in[4] = {1.5f, -2.0f, 3.25f, 0.0f};
  float *x = zeros_cuda(ctx, 4), *y = zeros_cuda(ctx, 4);
  host_to_device(ctx, in, x, 4);
  nccl_all_reduce(ctx, comm, x, y, 4, 1);
  s = ncclStats();
  EXPECT_EQ(s.collectives, 1);
  EXPECT_EQ(s.lastCount, 4u);
  EXPECT_EQ(s.lastOp, 4) << "average is ncclAvg";
  EXPECT_EQ(s.lastStream, static_cast<void *>(neve_gpu::threadStream()));
  EXPECT_EQ(readBack(y, 4), toVector(in, 4));

  float *z = zeros_cuda(ctx, 4);
  nccl_broadcast(ctx, comm, y, z, 4, 0);
  EXPECT_EQ(readBack(z, 4), toVector(in, 4));
  float *g = zeros_cuda(ctx, 4);
  nccl_all_gather(ctx, comm, z, g, 4);
  EXPECT_EQ(readBack(g, 4), toVector(in, 4));
  float *r = zeros_cuda(ctx, 4);
  nccl_reduce_scatter(ctx, comm, g, r, 4, 0);
  s = ncclStats();
  EXPECT_EQ(s.collectives, 4);
  EXPECT_EQ(s.lastOp, 0) << "sum is ncclSum";
  EXPECT_EQ(readBack(r, 4), toVector(in, 4));
  // in place, as gradient averaging does
  nccl_all_reduce(ctx, comm, r, r, 4, 2);
  EXPECT_EQ(ncclStats().lastOp, 2) << "max is ncclMax";
  EXPECT_EQ(readBack(r, 4), toVector(in, 4));
  nccl_comm_destroy(ctx, comm);
  EXPECT_EQ(ncclStats().destroys, 1);
  std::remove(id.c_str());
}

// Gradient all-reduces overlapped with backward: on the communicator's own
// stream, forked from the thread's stream (an event and a wait) and joined
// back by nccl_wait, which does nothing when nothing is pending.
TEST_F(NcclTest, AsyncAllReduceRunsOnTheSideStreamAndJoins) {
  void *ctx = neve_context();
  std::string id = tempPath("nccl-async-");
  std::remove(id.c_str());
  ASSERT_TRUE(nccl_id_create(ctx, str(id)));
  void *comm = nccl_comm_init(ctx, str(id), 1, 0, 5);
  const float in[3] = {4.0f, -1.0f, 0.5f};
  float *x = zeros_cuda(ctx, 3);
  host_to_device(ctx, in, x, 3);
  int waits = fakeStats().streamWaits;
  int collectives = ncclStats().collectives;
  nccl_all_reduce_async(ctx, comm, x, x, 3, 1);
  FakeNcclStats s = ncclStats();
  EXPECT_EQ(s.collectives, collectives + 1);
  EXPECT_EQ(s.lastOp, 4);
  ASSERT_NE(s.lastStream, nullptr);
  EXPECT_NE(s.lastStream, static_cast<void *>(neve_gpu::threadStream()))
      << "an asynchronous all-reduce leaves the thread's stream free";
  EXPECT_EQ(fakeStats().streamWaits, waits + 1) << "forked after the thread's work";
  void *side = s.lastStream;
  nccl_all_reduce_async(ctx, comm, x, x, 3, 0);
  EXPECT_EQ(ncclStats().lastStream, side) << "one side stream per communicator";
  nccl_wait(ctx, comm);
  EXPECT_EQ(fakeStats().streamWaits, waits + 3) << "joined back once";
  nccl_wait(ctx, comm);
  EXPECT_EQ(fakeStats().streamWaits, waits + 3) << "nothing pending: no wait";
  EXPECT_EQ(readBack(x, 3), toVector(in, 3));
  nccl_comm_destroy(ctx, comm);
  std::remove(id.c_str());
}

using NcclDeathTest = neve_test::ThreadsafeDeathTest;

TEST_F(NcclDeathTest, NoLibraryIsAClearError) {
  EXPECT_EXIT(
      {
        setenv("NEVE_NCCL_LIBRARY", "/nonexistent/libnccl.so.2", 1);
        nccl_id_create(neve_context(), str(tempPath("nccl-none-")));
      },
      testing::ExitedWithCode(1),
      "runtime error: NCCL collectives: cannot load NCCL "
      "\\(/nonexistent/libnccl.so.2: .*\\); install NCCL 2 or set "
      "NEVE_NCCL_LIBRARY");
}

TEST_F(NcclDeathTest, AMissingIdTimesOutNamingTheFile) {
  EXPECT_EXIT(
      {
        setenv("NEVE_NCCL_LIBRARY", NEVE_FAKE_NCCL_PATH, 1);
        nccl_comm_init(neve_context(), str("/nonexistent/nccl-id"), 2, 1, 1);
      },
      testing::ExitedWithCode(1),
      "runtime error: nccl_comm_init: rank 1 waited 1 s for rank 0's id in "
      "/nonexistent/nccl-id \\(did rank 0 start and call nccl_id_create\\?\\)");
}

TEST_F(NcclDeathTest, RankOutOfRange) {
  EXPECT_EXIT(
      {
        setenv("NEVE_NCCL_LIBRARY", NEVE_FAKE_NCCL_PATH, 1);
        nccl_comm_init(neve_context(), str("/tmp/x"), 2, 2, 1);
      },
      testing::ExitedWithCode(1),
      "nccl_comm_init: rank 2 of 2 ranks is out of range");
}

TEST_F(NcclDeathTest, NcclErrorsAreReportedWithNcclsText) {
  EXPECT_EXIT(
      {
        setenv("NEVE_NCCL_LIBRARY", NEVE_FAKE_NCCL_PATH, 1);
        setenv("FAKE_NCCL_TIMEOUT", "1", 1);
        std::string id = tempPath("nccl-two-");
        nccl_id_create(neve_context(), str(id));
        // rank 1 never joins: NCCL's own refusal comes back
        nccl_comm_init(neve_context(), str(id), 2, 0, 1);
      },
      testing::ExitedWithCode(1),
      "NCCL: ncclCommInitRank failed: unhandled system error \\(fake: a "
      "rank did not join");
}

TEST_F(NcclDeathTest, BadReductionAndMissingCommunicator) {
  EXPECT_EXIT(
      {
        setenv("NEVE_NCCL_LIBRARY", NEVE_FAKE_NCCL_PATH, 1);
        float *x = zeros_cuda(neve_context(), 2);
        nccl_all_reduce(neve_context(), reinterpret_cast<void *>(1), x, x, 2,
                        7);
      },
      testing::ExitedWithCode(1),
      "nccl_all_reduce: reduction 7 \\(0 sum, 1 average, 2 max\\)");
  EXPECT_EXIT(
      {
        setenv("NEVE_NCCL_LIBRARY", NEVE_FAKE_NCCL_PATH, 1);
        float *x = zeros_cuda(neve_context(), 2);
        nccl_all_reduce(neve_context(), nullptr, x, x, 2, 0);
      },
      testing::ExitedWithCode(1),
      "nccl_all_reduce: no communicator \\(nccl_comm_init first\\)");
}

} // namespace
