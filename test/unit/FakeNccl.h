//===- FakeNccl.h - What the fake NCCL records ------------------*- C++ -*-===//
//
// FakeNccl.cpp (libneve-fake-nccl.so) exports fake_nccl_stats(), filling
// this; NcclTest.cpp reads it.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TEST_UNIT_FAKENCCL_H
#define NEVE_TEST_UNIT_FAKENCCL_H

#include <cstddef>

struct FakeNcclStats {
  int inits, destroys, collectives;
  void *lastStream;
  size_t lastCount;
  int lastOp;
  int nvlsOffAtInit; ///< NCCL_NVLS_ENABLE was "0" at ncclCommInitRank
};

#endif // NEVE_TEST_UNIT_FAKENCCL_H
