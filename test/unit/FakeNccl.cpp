//===- FakeNccl.cpp - A one-rank NCCL for the runtime's tests ---*- C++ -*-===//
//
// Loaded by lib/Runtime/GPU/Nccl.cpp through NEVE_NCCL_LIBRARY in
// NcclTest.cpp, over the fake driver (whose device memory is host memory):
// a communicator of one rank, whose collectives copy their input to their
// output, as NCCL does with one rank. It records what the runtime passed
// (the stream, counts, the reduction, NCCL_NVLS_ENABLE at init) for the
// tests (fake_nccl_stats), and fails on what NCCL would refuse.
//
//===----------------------------------------------------------------------===//

#include "FakeNccl.h"
#include "NcclApi.h"

#include <cstdlib>
#include <cstring>

using namespace neve_nccl;

namespace {
struct ncclCommFake {
  int nranks, rank;
};
constexpr ncclResult_t kInvalidArgument = 4;
constexpr ncclResult_t kInvalidUsage = 5;
} // namespace

extern "C" {

static FakeNcclStats stats;

__attribute__((visibility("default"))) void
fake_nccl_stats(FakeNcclStats *out) {
  *out = stats;
}

__attribute__((visibility("default"))) ncclResult_t
ncclGetUniqueId(ncclUniqueId *id) {
  std::memset(id->internal, 0, sizeof id->internal);
  std::strcpy(id->internal, "fake-nccl-id");
  return ncclSuccess;
}

__attribute__((visibility("default"))) ncclResult_t
ncclCommInitRank(ncclComm_t *comm, int nranks, ncclUniqueId id, int rank) {
  if (std::strcmp(id.internal, "fake-nccl-id") != 0)
    return kInvalidArgument;
  if (nranks != 1 || rank != 0)
    return kInvalidUsage; // one process: one rank
  const char *nvls = std::getenv("NCCL_NVLS_ENABLE");
  stats.nvlsOffAtInit = nvls && std::strcmp(nvls, "0") == 0;
  ++stats.inits;
  *comm = reinterpret_cast<ncclComm_t>(new ncclCommFake{nranks, rank});
  return ncclSuccess;
}

__attribute__((visibility("default"))) ncclResult_t
ncclCommDestroy(ncclComm_t comm) {
  ++stats.destroys;
  delete reinterpret_cast<ncclCommFake *>(comm);
  return ncclSuccess;
}

__attribute__((visibility("default"))) ncclResult_t
ncclCommCount(const ncclComm_t comm, int *count) {
  *count = reinterpret_cast<const ncclCommFake *>(comm)->nranks;
  return ncclSuccess;
}

__attribute__((visibility("default"))) ncclResult_t
ncclCommUserRank(const ncclComm_t comm, int *rank) {
  *rank = reinterpret_cast<const ncclCommFake *>(comm)->rank;
  return ncclSuccess;
}

__attribute__((visibility("default"))) const char *
ncclGetErrorString(ncclResult_t r) {
  switch (r) {
  case kInvalidArgument:
    return "invalid argument (fake)";
  case kInvalidUsage:
    return "invalid usage (fake: one rank only)";
  default:
    return "fake NCCL error";
  }
}

static ncclResult_t copy(const void *send, void *recv, size_t n,
                         ncclDataType_t type, int op, cudaStream_t stream) {
  if (type != ncclFloat32)
    return kInvalidArgument;
  ++stats.collectives;
  stats.lastStream = stream;
  stats.lastCount = n;
  stats.lastOp = op;
  if (send != recv)
    std::memmove(recv, send, n * sizeof(float));
  return ncclSuccess;
}

__attribute__((visibility("default"))) ncclResult_t
ncclAllReduce(const void *send, void *recv, size_t n, ncclDataType_t type,
              ncclRedOp_t op, ncclComm_t, cudaStream_t stream) {
  return copy(send, recv, n, type, op, stream);
}

__attribute__((visibility("default"))) ncclResult_t
ncclBroadcast(const void *send, void *recv, size_t n, ncclDataType_t type,
              int root, ncclComm_t, cudaStream_t stream) {
  if (root != 0)
    return kInvalidArgument;
  return copy(send, recv, n, type, -1, stream);
}

__attribute__((visibility("default"))) ncclResult_t
ncclAllGather(const void *send, void *recv, size_t n, ncclDataType_t type,
              ncclComm_t, cudaStream_t stream) {
  return copy(send, recv, n, type, -1, stream);
}

__attribute__((visibility("default"))) ncclResult_t
ncclReduceScatter(const void *send, void *recv, size_t n, ncclDataType_t type,
                  ncclRedOp_t op, ncclComm_t, cudaStream_t stream) {
  return copy(send, recv, n, type, op, stream);
}

__attribute__((visibility("default"))) ncclResult_t ncclGroupStart() {
  return ncclSuccess;
}
__attribute__((visibility("default"))) ncclResult_t ncclGroupEnd() {
  return ncclSuccess;
}

} // extern "C"
