//===- Nccl.cpp - NCCL collectives for Frost's data parallelism -*- C++ -*-===//
//
// Frost's distributed path (frost/distributed.nv): one process per GPU,
// started by `neve-launch -n N prog` (tools/neve-launch), which gives each
// rank NEVE_RANK, NEVE_WORLD_SIZE, NEVE_GPU_DEVICE and NEVE_NCCL_ID (the
// file through which rank 0 hands its ncclUniqueId to the others). NCCL is
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
//
// The types and constants are the subset of nccl.h in NcclApi.h;
// test/unit/NcclApiCheckTest.cpp checks them against the real header.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
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

ncclComm_t commOf(void *comm, const char *what) {
  if (!comm)
    fatal(errorSite(), std::string(what) +
                           ": no communicator (nccl_comm_init first)");
  return static_cast<ncclComm_t>(comm);
}

size_t countOf(int32_t n, const char *what) {
  if (n < 0)
    fatal(errorSite(),
          std::string(what) + ": negative count " + std::to_string(n));
  return size_t(n);
}

} // namespace

extern "C" bool nccl_id_create(void *ctx, const neve_str *path) {
  (void)ctx;
  std::string p = pathOf(path, "nccl_id_create");
  ncclUniqueId id;
  ok(nccl().ncclGetUniqueId(&id), "ncclGetUniqueId");
  // written whole, then renamed: a reader never sees half an id
  std::string tmp = p + ".tmp" + std::to_string(getpid());
  FILE *f = std::fopen(tmp.c_str(), "wb");
  if (!f || std::fwrite(&id, sizeof id, 1, f) != 1 || std::fclose(f) != 0 ||
      std::rename(tmp.c_str(), p.c_str()) != 0)
    fatal(errorSite(), "nccl_id_create: cannot write " + p + ": " +
                           std::strerror(errno));
  return true;
}

extern "C" void *nccl_comm_init(void *ctx, const neve_str *idPath,
                                int32_t nranks, int32_t rank,
                                int32_t timeoutSeconds) {
  (void)ctx;
  std::string p = pathOf(idPath, "nccl_comm_init");
  if (nranks < 1 || rank < 0 || rank >= nranks)
    fatal(errorSite(), "nccl_comm_init: rank " + std::to_string(rank) +
                           " of " + std::to_string(nranks) +
                           " ranks is out of range");
  const NcclApi &api = nccl();
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
  (void)neve_gpu::api(); // NCCL works on the runtime's device, its context current
  ncclComm_t comm = nullptr;
  ok(api.ncclCommInitRank(&comm, nranks, id, rank), "ncclCommInitRank");
  // the initialisation is collective: once it returns, every rank has read
  // the id, and rank 0 removes the file
  if (rank == 0)
    std::remove(p.c_str());
  return comm;
}

extern "C" void nccl_comm_destroy(void *ctx, void *comm) {
  (void)ctx;
  if (comm)
    ok(nccl().ncclCommDestroy(static_cast<ncclComm_t>(comm)),
       "ncclCommDestroy");
}

extern "C" int32_t nccl_comm_size(void *ctx, void *comm) {
  (void)ctx;
  int n = 0;
  ok(nccl().ncclCommCount(commOf(comm, "nccl_comm_size"), &n), "ncclCommCount");
  return n;
}

extern "C" int32_t nccl_comm_rank(void *ctx, void *comm) {
  (void)ctx;
  int r = 0;
  ok(nccl().ncclCommUserRank(commOf(comm, "nccl_comm_rank"), &r),
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
  ok(nccl().ncclAllReduce(send, recv, countOf(n, "nccl_all_reduce"),
                          ncclFloat32, redOp(op, "nccl_all_reduce"),
                          commOf(comm, "nccl_all_reduce"), threadStream()),
     "ncclAllReduce");
}

extern "C" void nccl_broadcast(void *ctx, void *comm, const float *send,
                               float *recv, int32_t n, int32_t root) {
  (void)ctx;
  ok(nccl().ncclBroadcast(send, recv, countOf(n, "nccl_broadcast"),
                          ncclFloat32, root, commOf(comm, "nccl_broadcast"),
                          threadStream()),
     "ncclBroadcast");
}

extern "C" void nccl_all_gather(void *ctx, void *comm, const float *send,
                                float *recv, int32_t n) {
  (void)ctx;
  ok(nccl().ncclAllGather(send, recv, countOf(n, "nccl_all_gather"),
                          ncclFloat32, commOf(comm, "nccl_all_gather"),
                          threadStream()),
     "ncclAllGather");
}

extern "C" void nccl_reduce_scatter(void *ctx, void *comm, const float *send,
                                    float *recv, int32_t n, int32_t op) {
  (void)ctx;
  ok(nccl().ncclReduceScatter(send, recv, countOf(n, "nccl_reduce_scatter"),
                              ncclFloat32, redOp(op, "nccl_reduce_scatter"),
                              commOf(comm, "nccl_reduce_scatter"),
                              threadStream()),
     "ncclReduceScatter");
}
