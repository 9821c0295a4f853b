//===- NcclApi.h - The subset of NCCL 2 that Nccl.cpp uses ------*- C++ -*-===//
//
// Types, constants and function types of nccl.h (NCCL 2 ABI), declared here
// so that the runtime builds without NCCL's headers and loads the library
// at run time. test/unit/NcclApiCheckTest.cpp compares them with the real
// header when it is installed.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_NCCLAPI_H
#define NEVE_RUNTIME_GPU_NCCLAPI_H

#include <cstddef>

namespace neve_nccl {

typedef struct ncclComm *ncclComm_t;
typedef void *cudaStream_t; // a CUstream
constexpr int kUniqueIdBytes = 128; // NCCL_UNIQUE_ID_BYTES
struct ncclUniqueId {
  char internal[kUniqueIdBytes];
};

typedef int ncclResult_t;
typedef int ncclRedOp_t;
typedef int ncclDataType_t;

constexpr ncclResult_t ncclSuccess = 0;
constexpr ncclRedOp_t ncclSum = 0;
constexpr ncclRedOp_t ncclMax = 2;
constexpr ncclRedOp_t ncclAvg = 4;
constexpr ncclDataType_t ncclFloat32 = 7;

typedef ncclResult_t (*PFN_ncclGetUniqueId)(ncclUniqueId *);
typedef ncclResult_t (*PFN_ncclCommInitRank)(ncclComm_t *, int, ncclUniqueId,
                                             int);
typedef ncclResult_t (*PFN_ncclCommDestroy)(ncclComm_t);
typedef ncclResult_t (*PFN_ncclCommCount)(const ncclComm_t, int *);
typedef ncclResult_t (*PFN_ncclCommUserRank)(const ncclComm_t, int *);
typedef const char *(*PFN_ncclGetErrorString)(ncclResult_t);
typedef ncclResult_t (*PFN_ncclAllReduce)(const void *, void *, size_t,
                                          ncclDataType_t, ncclRedOp_t,
                                          ncclComm_t, cudaStream_t);
typedef ncclResult_t (*PFN_ncclBroadcast)(const void *, void *, size_t,
                                          ncclDataType_t, int, ncclComm_t,
                                          cudaStream_t);
typedef ncclResult_t (*PFN_ncclAllGather)(const void *, void *, size_t,
                                          ncclDataType_t, ncclComm_t,
                                          cudaStream_t);
typedef ncclResult_t (*PFN_ncclReduceScatter)(const void *, void *, size_t,
                                              ncclDataType_t, ncclRedOp_t,
                                              ncclComm_t, cudaStream_t);
typedef ncclResult_t (*PFN_ncclGroupStart)();
typedef ncclResult_t (*PFN_ncclGroupEnd)();

#define NEVE_NCCL_ENTRY_POINTS(X)                                              \
  X(ncclGetUniqueId)                                                           \
  X(ncclCommInitRank)                                                          \
  X(ncclCommDestroy)                                                           \
  X(ncclCommCount)                                                             \
  X(ncclCommUserRank)                                                          \
  X(ncclGetErrorString)                                                        \
  X(ncclAllReduce)                                                             \
  X(ncclBroadcast)                                                             \
  X(ncclAllGather)                                                             \
  X(ncclReduceScatter)                                                         \
  X(ncclGroupStart)                                                            \
  X(ncclGroupEnd)

} // namespace neve_nccl

#endif // NEVE_RUNTIME_GPU_NCCLAPI_H
