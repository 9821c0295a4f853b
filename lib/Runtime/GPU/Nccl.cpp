//===- Nccl.cpp - NCCL collectives for Frost's data parallelism -*- C++ -*-===//
//
// Frost's distributed path (frost/distributed.nv): one process per GPU.
// nccl_comm_init_env finds the rank in the environment (ClusterEnv.h): on
// one node `neve-launch -n N prog` (tools/neve-launch) gives each rank
// NEVE_RANK, NEVE_WORLD_SIZE, NEVE_GPU_DEVICE and NEVE_NCCL_ID (the file
// through which rank 0 hands its ncclUniqueId to the others); under
// torchrun or Slurm rank 0 hands the id out over TCP (IdExchange.h), so
// several nodes need no shared file system. NCCL is
// loaded at run time like the driver and cuDNN: dlopen of
// $NEVE_NCCL_LIBRARY, else libnccl.so.2. A program that never asks for a
// collective never opens it.
//
// NVLink multicast (NVLS) stays off: NCCL_NVLS_ENABLE is set to 0 before
// NCCL is loaded (a program using multicast can take the host's GPUs out
// of service), and cuMulticastCreate is never called.
//
// Collectives are float32 and run on the calling thread's stream, ordered
// with its kernels; a result is there for the next kernel on that stream.
// nccl_all_reduce_async is the exception that overlaps communication with
// computation: it runs on the communicator's own stream after the work the
// thread issued so far (an event forks it off the thread's stream), and
// nccl_wait joins that stream back into the thread's (another event), so
// kernels issued after nccl_wait see every result. Both are stream-ordered
// (nothing waits on the host), so they can be captured in a CUDA graph.
//
// The types and constants are the subset of nccl.h in NcclApi.h;
// test/unit/NcclApiCheckTest.cpp checks them against the real header.
//
//===----------------------------------------------------------------------===//

#include "ClusterEnv.h"
#include "Driver.h"
#include "IdExchange.h"
#include "NcclApi.h"

#include "neve/Runtime/neve_runtime.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

using namespace neve_gpu;
using namespace neve_nccl;

namespace {

struct NcclApi {
#define NEVE_NCCL_FIELD(name) PFN_##name name = nullptr;
  NEVE_NCCL_ENTRY_POINTS(NEVE_NCCL_FIELD)
#undef NEVE_NCCL_FIELD
};

/// A communicator and the side stream of its asynchronous all-reduces.
struct Comm {
  ncclComm_t nccl = nullptr;
  CUstream side = nullptr;
  CUevent fork = nullptr, join = nullptr;
  int pending = 0; ///< asynchronous all-reduces since the last nccl_wait
};

const NcclApi &nccl() {
  static NcclApi api;
  static std::once_flag once;
  std::call_once(once, [] {
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    std::string name;
    void *lib = openLibrary(
        "NEVE_NCCL_LIBRARY", "libnccl.so.2",
        "NCCL collectives: cannot load NCCL",
        "install NCCL 2 or set NEVE_NCCL_LIBRARY to its libnccl.so.2", name);
#define NEVE_NCCL_LOAD(fn)                                                     \
  api.fn = reinterpret_cast<PFN_##fn>(librarySymbol(lib, #fn, "NCCL", name));
    NEVE_NCCL_ENTRY_POINTS(NEVE_NCCL_LOAD)
#undef NEVE_NCCL_LOAD
  });
  return api;
}

void ok(ncclResult_t r, const char *what) {
  if (r != ncclSuccess)
    fatal(errorSite(), std::string("NCCL: ") + what + " failed: " +
                           nccl().ncclGetErrorString(r));
}

std::string pathOf(const neve_str *s, const char *what) {
  if (!s || !s->size)
    fatal(errorSite(), std::string(what) + ": the path is empty");
  return std::string(s->data, size_t(s->size));
}

Comm &commOf(void *comm, const char *what) {
  if (!comm)
    fatal(errorSite(), std::string(what) +
                           ": no communicator (nccl_comm_init first)");
  return *static_cast<Comm *>(comm);
}

ncclComm_t ncclOf(void *comm, const char *what) {
  return commOf(comm, what).nccl;
}

/// The side stream and its events, created on first use.
void ensureSide(Comm &c) {
  if (c.side)
    return;
  const DriverApi &d = api();
  check(d.cuStreamCreate(&c.side, CU_STREAM_NON_BLOCKING),
        "creating the stream of asynchronous all-reduces");
  check(d.cuEventCreate(&c.fork, CU_EVENT_DISABLE_TIMING),
        "creating an all-reduce event");
  check(d.cuEventCreate(&c.join, CU_EVENT_DISABLE_TIMING),
        "creating an all-reduce event");
}

size_t countOf(int32_t n, const char *what) {
  if (n < 0)
    fatal(errorSite(),
          std::string(what) + ": negative count " + std::to_string(n));
  return size_t(n);
}

} // namespace

namespace {

/// Rank 0's id, written to `p` whole, then renamed: a reader never sees
/// half an id.
void createIdFile(const std::string &p) {
  ncclUniqueId id;
  ok(nccl().ncclGetUniqueId(&id), "ncclGetUniqueId");
  std::string tmp = p + ".tmp" + std::to_string(getpid());
  FILE *f = std::fopen(tmp.c_str(), "wb");
  if (!f || std::fwrite(&id, sizeof id, 1, f) != 1 || std::fclose(f) != 0 ||
      std::rename(tmp.c_str(), p.c_str()) != 0)
    fatal(errorSite(), "nccl_id_create: cannot write " + p + ": " +
                           std::strerror(errno));
}

void checkRank(const char *what, int32_t nranks, int32_t rank) {
  if (nranks < 1 || rank < 0 || rank >= nranks)
    fatal(errorSite(), std::string(what) + ": rank " + std::to_string(rank) +
                           " of " + std::to_string(nranks) +
                           " ranks is out of range");
}

/// The communicator of `rank` among `nranks` that share `id`.
Comm *initRank(const ncclUniqueId &id, int32_t nranks, int32_t rank) {
  const NcclApi &api = nccl();
  (void)neve_gpu::api(); // NCCL works on the runtime's device, its context current
  auto *comm = new Comm;
  ok(api.ncclCommInitRank(&comm->nccl, nranks, id, rank), "ncclCommInitRank");
  return comm;
}

/// Waits for rank 0's id in the file `p`, then joins.
Comm *initFromFile(const std::string &p, int32_t nranks, int32_t rank,
                   int32_t timeoutSeconds) {
  checkRank("nccl_comm_init", nranks, rank);
  (void)nccl();
  ncclUniqueId id;
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::seconds(std::max(timeoutSeconds, 1));
  for (;;) {
    if (FILE *f = std::fopen(p.c_str(), "rb")) {
      size_t got = std::fread(&id, sizeof id, 1, f);
      std::fclose(f);
      if (got == 1)
        break;
    }
    if (std::chrono::steady_clock::now() > deadline)
      fatal(errorSite(), "nccl_comm_init: rank " + std::to_string(rank) +
                             " waited " + std::to_string(timeoutSeconds) +
                             " s for rank 0's id in " + p +
                             " (did rank 0 start and call nccl_id_create?)");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  Comm *comm = initRank(id, nranks, rank);
  // the initialisation is collective: once it returns, every rank has read
  // the id, and rank 0 removes the file
  if (rank == 0)
    std::remove(p.c_str());
  return comm;
}

/// torchrun and Slurm: rank 0 makes the id and serves it over TCP
/// (IdExchange.h); the others fetch it.
Comm *initOverTcp(const neve_cluster::ClusterEnv &env,
                  int32_t timeoutSeconds) {
  ncclUniqueId id;
  std::string error;
  double timeout = std::max(timeoutSeconds, 1);
  if (env.rank == 0) {
    ok(nccl().ncclGetUniqueId(&id), "ncclGetUniqueId");
    if (!neve_cluster::serveId(env.masterPort, &id, sizeof id, env.worldSize,
                               timeout, error))
      fatal(errorSite(), "nccl_comm_init_env: " + error);
  } else {
    (void)nccl();
    if (!neve_cluster::fetchId(env.masterAddr, env.masterPort, env.rank,
                               env.worldSize, &id, sizeof id, timeout, error))
      fatal(errorSite(), "nccl_comm_init_env: " + error);
  }
  return initRank(id, env.worldSize, env.rank);
}

} // namespace

extern "C" bool nccl_id_create(void *ctx, const neve_str *path) {
  (void)ctx;
  createIdFile(pathOf(path, "nccl_id_create"));
  return true;
}

extern "C" void *nccl_comm_init(void *ctx, const neve_str *idPath,
                                int32_t nranks, int32_t rank,
                                int32_t timeoutSeconds) {
  (void)ctx;
  std::string p = pathOf(idPath, "nccl_comm_init");
  return initFromFile(p, nranks, rank, timeoutSeconds);
}

extern "C" void *nccl_comm_init_env(void *ctx, int32_t timeoutSeconds) {
  (void)ctx;
  using neve_cluster::Launcher;
  neve_cluster::ClusterEnv env;
  std::string error;
  if (!neve_cluster::detectCluster(std::getenv, env, error))
    fatal(errorSite(), "nccl_comm_init_env: " + error);
  switch (env.launcher) {
  case Launcher::None:
    return nullptr; // one rank, no NCCL
  case Launcher::NeveLaunch:
    if (env.idFile.empty()) {
      if (env.worldSize > 1)
        fatal(errorSite(),
              "nccl_comm_init_env: " + std::to_string(env.worldSize) +
                  " ranks (NEVE_WORLD_SIZE) but no NCCL id file "
                  "(NEVE_NCCL_ID): start the program with neve-launch");
      return nullptr;
    }
    if (env.rank == 0)
      createIdFile(env.idFile);
    return initFromFile(env.idFile, env.worldSize, env.rank, timeoutSeconds);
  case Launcher::Torchrun:
  case Launcher::Slurm:
    return initOverTcp(env, timeoutSeconds);
  }
  return nullptr;
}

extern "C" void nccl_comm_destroy(void *ctx, void *comm) {
  (void)ctx;
  if (!comm)
    return;
  Comm *c = static_cast<Comm *>(comm);
  if (c->side) {
    const DriverApi &d = api();
    check(d.cuStreamSynchronize(c->side),
          "finishing the asynchronous all-reduces");
    d.cuEventDestroy(c->fork);
    d.cuEventDestroy(c->join);
    d.cuStreamDestroy(c->side);
  }
  ok(nccl().ncclCommDestroy(c->nccl), "ncclCommDestroy");
  delete c;
}

extern "C" int32_t nccl_comm_size(void *ctx, void *comm) {
  (void)ctx;
  int n = 0;
  ok(nccl().ncclCommCount(ncclOf(comm, "nccl_comm_size"), &n), "ncclCommCount");
  return n;
}

extern "C" int32_t nccl_comm_rank(void *ctx, void *comm) {
  (void)ctx;
  int r = 0;
  ok(nccl().ncclCommUserRank(ncclOf(comm, "nccl_comm_rank"), &r),
     "ncclCommUserRank");
  return r;
}

/// op: 0 sum, 1 average, 2 max.
static ncclRedOp_t redOp(int32_t op, const char *what) {
  switch (op) {
  case 0:
    return ncclSum;
  case 1:
    return ncclAvg;
  case 2:
    return ncclMax;
  default:
    fatal(errorSite(), std::string(what) + ": reduction " +
                           std::to_string(op) +
                           " (0 sum, 1 average, 2 max)");
  }
}

extern "C" void nccl_all_reduce(void *ctx, void *comm, const float *send,
                                float *recv, int32_t n, int32_t op) {
  (void)ctx;
  size_t count = countOf(n, "nccl_all_reduce");
  ncclRedOp_t red = redOp(op, "nccl_all_reduce");
  ncclComm_t c = ncclOf(comm, "nccl_all_reduce");
  ok(nccl().ncclAllReduce(send, recv, count, ncclFloat32, red, c,
                          threadStream()),
     "ncclAllReduce");
}

extern "C" void nccl_broadcast(void *ctx, void *comm, const float *send,
                               float *recv, int32_t n, int32_t root) {
  (void)ctx;
  ok(nccl().ncclBroadcast(send, recv, countOf(n, "nccl_broadcast"),
                          ncclFloat32, root, ncclOf(comm, "nccl_broadcast"),
                          threadStream()),
     "ncclBroadcast");
}

extern "C" void nccl_all_gather(void *ctx, void *comm, const float *send,
                                float *recv, int32_t n) {
  (void)ctx;
  ok(nccl().ncclAllGather(send, recv, countOf(n, "nccl_all_gather"),
                          ncclFloat32, ncclOf(comm, "nccl_all_gather"),
                          threadStream()),
     "ncclAllGather");
}

extern "C" void nccl_reduce_scatter(void *ctx, void *comm, const float *send,
                                    float *recv, int32_t n, int32_t op) {
  (void)ctx;
  size_t count = countOf(n, "nccl_reduce_scatter");
  ncclRedOp_t red = redOp(op, "nccl_reduce_scatter");
  ncclComm_t c = ncclOf(comm, "nccl_reduce_scatter");
  ok(nccl().ncclReduceScatter(send, recv, count, ncclFloat32, red, c,
                              threadStream()),
     "ncclReduceScatter");
}

extern "C" void nccl_all_reduce_async(void *ctx, void *comm, const float *send,
                                      float *recv, int32_t n, int32_t op) {
  (void)ctx;
  Comm &c = commOf(comm, "nccl_all_reduce_async");
  size_t count = countOf(n, "nccl_all_reduce_async");
  ncclRedOp_t red = redOp(op, "nccl_all_reduce_async");
  ensureSide(c);
  const DriverApi &d = api();
  // after everything the thread issued so far (the gradients' kernels)
  check(d.cuEventRecord(c.fork, threadStream()), "forking an all-reduce");
  check(d.cuStreamWaitEvent(c.side, c.fork, 0), "forking an all-reduce");
  ok(nccl().ncclAllReduce(send, recv, count, ncclFloat32, red, c.nccl,
                          c.side),
     "ncclAllReduce");
  ++c.pending;
}

extern "C" void nccl_wait(void *ctx, void *comm) {
  (void)ctx;
  Comm &c = commOf(comm, "nccl_wait");
  if (!c.pending)
    return;
  const DriverApi &d = api();
  check(d.cuEventRecord(c.join, c.side), "joining the all-reduces");
  check(d.cuStreamWaitEvent(threadStream(), c.join, 0),
        "joining the all-reduces");
  c.pending = 0;
}
