//===- IdExchange.h - Rank 0's NCCL id, handed out over TCP -----*- C++ -*-===//
//
// Ranks started by torchrun or Slurm may run on several nodes with no file
// system in common, so rank 0 hands its ncclUniqueId to the others over
// TCP, as torchrun's rendezvous does: rank 0 listens on MASTER_PORT (every
// address of its node), each other rank connects to MASTER_ADDR:MASTER_PORT
// (retrying while rank 0 is not listening yet) and says who it is, and
// rank 0 answers with the id.
//
//   rank r -> rank 0:  "NEVEID01", r (u32, big-endian), world size (u32)
//   rank 0 -> rank r:  0, then the id             (accepted)
//                      1, then its world size (u32)  (the sizes differ)
//                      2                          (rank r came already)
//
// A connection that does not start with the magic (a port scanner) is
// closed and ignored. Everything is bounded by the timeout; no call blocks
// longer. POSIX sockets only: no NCCL, no CUDA (test/unit/IdExchangeTest.cpp
// runs it on the loopback).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_IDEXCHANGE_H
#define NEVE_RUNTIME_GPU_IDEXCHANGE_H

#include <cstddef>
#include <string>

namespace neve_cluster {

/// Rank 0: listens on `port` and gives `id` (`size` bytes) to ranks
/// 1..worldSize-1, each once; returns when all have it. False with `error`
/// when the port cannot be used, a rank announces another world size, or
/// the timeout passes first (naming the ranks that never came).
bool serveId(int port, const void *id, size_t size, int worldSize,
             double timeoutSeconds, std::string &error);

/// Rank `rank` (> 0): fetches the id from rank 0 at host:port into `id`.
/// False with `error` when the host does not resolve, rank 0 refuses, or
/// the timeout passes first.
bool fetchId(const std::string &host, int port, int rank, int worldSize,
             void *id, size_t size, double timeoutSeconds, std::string &error);

} // namespace neve_cluster

#endif // NEVE_RUNTIME_GPU_IDEXCHANGE_H
