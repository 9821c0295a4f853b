//===- FakeCuda.h - A fake CUDA driver for tests ----------------*- C++ -*-===//
//
// libneve-fake-cuda.so (FakeCuda.cpp) stands in for libcuda.so.1 in the
// unit tests (NEVE_CUDA_LIBRARY): it exports only cuGetProcAddress_v2, like
// the entry point table of a real driver, runs "device" memory in host
// memory and three kernels on the host ("saxpy", "fault", "noop"), records
// launches made while a stream captures a graph, and counts what the
// runtime asked of it. Its behaviour is set by environment variables read
// at cuInit:
//
//   FAKE_CUDA_INIT_ERROR=N  cuInit returns N
//   FAKE_CUDA_CC=NN         compute capability (default 90)
//   FAKE_CUDA_MEM_LIMIT=N   bytes of device memory (default 1 GiB)
//   FAKE_CUDA_HIDE=NAME     cuGetProcAddress does not know NAME
//   FAKE_CUDA_TRACE=FILE    one line per launch and per memset into FILE
//
// Tests read its counters through fake_cuda_stats (found with dlsym).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TEST_UNIT_FAKECUDA_H
#define NEVE_TEST_UNIT_FAKECUDA_H

#include <cstdint>

struct FakeCudaStats {
  int inits;
  int procRequests;         ///< cuGetProcAddress calls
  int procRequestsNot12000; ///< of which with a cudaVersion other than 12000
  int procRequestsSuffixed; ///< of which for a name ending in _vN
  int contextSets;          ///< cuCtxSetCurrent calls
  int moduleLoads;
  const void *lastImage;    ///< the image given to the last module load
  int lastImageKind;        ///< 0 cubin (ELF), 1 PTX
  unsigned lastLoadOptions; ///< number of JIT options of the last load
  int launches;             ///< kernels run (directly or by a graph)
  int launchCalls;          ///< cuLaunchKernel calls
  unsigned lastGrid[3];
  unsigned lastBlock[3];
  unsigned lastSmem;
  int setAttributeCalls;
  int lastAttributeValue;
  int64_t deviceBytes; ///< device memory allocated now
  int allocs;
  int frees;
  int streamsCreated;
  int streamWaits;
  int ctxSyncs;
  int streamSyncs;
  int captures;
  int lastCaptureMode;
  int graphLaunches;
  int hostAllocs;
  int hostFrees;
  int tensorMapEncodes; ///< cuTensorMapEncodeTiled calls
};

extern "C" void fake_cuda_stats(FakeCudaStats *out);

#endif // NEVE_TEST_UNIT_FAKECUDA_H
