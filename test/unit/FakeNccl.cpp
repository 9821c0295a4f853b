//===- FakeNccl.cpp - An NCCL for the runtime's tests, over the loopback --===//
//
// Loaded by lib/Runtime/GPU/Nccl.cpp through NEVE_NCCL_LIBRARY, over the
// fake driver (whose device memory is host memory), in NcclTest.cpp and in
// the several-process tests (NcclClusterTest.cpp, test/Launch/env-ranks).
// A communicator of one rank copies each collective's input to its output,
// as NCCL does with one rank. Several ranks (processes) talk over TCP on
// 127.0.0.1 only: ncclGetUniqueId (rank 0) listens on a free loopback port
// and writes it into the id; every other rank connects to rank 0, which
// computes each collective and sends the results back (a star, in rank
// order, so results are the same on every rank and deterministic).
//
// It records what the runtime passed (the stream, counts, the reduction,
// NCCL_NVLS_ENABLE at init) for the tests (fake_nccl_stats), and fails on
// what NCCL would refuse. A rank that does not join within
// $FAKE_NCCL_TIMEOUT seconds (default 30) fails the initialisation.
//
//===----------------------------------------------------------------------===//

#include "FakeNccl.h"
#include "NcclApi.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

using namespace neve_nccl;

namespace {
constexpr ncclResult_t kSystemError = 2;
constexpr ncclResult_t kInvalidArgument = 4;
constexpr ncclResult_t kInvalidUsage = 5;
constexpr char kIdText[] = "fake-nccl-id";
constexpr int kPortAt = 32; // where the id keeps rank 0's port

struct ncclCommFake {
  int nranks, rank;
  /// rank 0: the socket of each other rank (index = rank); others: [0],
  /// the socket to rank 0
  std::vector<int> peers;
};

/// The listening socket of this process's last ncclGetUniqueId.
int listener = -1;

bool sendAll(int fd, const void *p, size_t n) {
  const char *c = static_cast<const char *>(p);
  while (n > 0) {
    ssize_t k = send(fd, c, n, MSG_NOSIGNAL);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return false;
    c += k;
    n -= size_t(k);
  }
  return true;
}

bool recvAll(int fd, void *p, size_t n) {
  char *c = static_cast<char *>(p);
  while (n > 0) {
    ssize_t k = recv(fd, c, n, 0);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return false;
    c += k;
    n -= size_t(k);
  }
  return true;
}

int timeoutMs() {
  const char *t = std::getenv("FAKE_NCCL_TIMEOUT");
  int s = t && *t ? std::atoi(t) : 30;
  return (s > 0 ? s : 30) * 1000;
}

ncclResult_t joinStar(ncclCommFake &c, uint16_t port) {
  if (c.rank == 0) {
    if (listener < 0)
      return kInvalidUsage; // rank 0 must be the process that made the id
    c.peers.assign(size_t(c.nranks), -1);
    for (int joined = 1; joined < c.nranks;) {
      pollfd pfd{listener, POLLIN, 0};
      if (poll(&pfd, 1, timeoutMs()) <= 0)
        return kSystemError;
      int fd = accept(listener, nullptr, nullptr);
      int32_t r = -1;
      if (fd < 0 || !recvAll(fd, &r, sizeof r) || r < 1 || r >= c.nranks ||
          c.peers[size_t(r)] >= 0) {
        if (fd >= 0)
          close(fd);
        return kInvalidUsage;
      }
      c.peers[size_t(r)] = fd;
      ++joined;
    }
    return ncclSuccess;
  }
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  int32_t r = c.rank;
  if (fd < 0 || connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 ||
      !sendAll(fd, &r, sizeof r)) {
    if (fd >= 0)
      close(fd);
    return kSystemError;
  }
  c.peers.assign(1, fd);
  return ncclSuccess;
}

void reduceInto(float *acc, const float *x, size_t n, int op) {
  for (size_t i = 0; i < n; ++i)
    acc[i] = op == ncclMax ? (x[i] > acc[i] ? x[i] : acc[i]) : acc[i] + x[i];
}

/// Rank 0 gathers `in` (n floats) of every rank in rank order into `all`.
bool gather(ncclCommFake &c, const float *in, size_t n,
            std::vector<float> &all) {
  all.assign(in, in + n);
  all.resize(size_t(c.nranks) * n);
  for (int r = 1; r < c.nranks; ++r)
    if (!recvAll(c.peers[size_t(r)], all.data() + size_t(r) * n,
                 n * sizeof(float)))
      return false;
  return true;
}

/// Rank 0 sends rank r the n floats at at(r), for every other rank.
template <typename At>
ncclResult_t scatterFromRoot(ncclCommFake &c, size_t n, At at) {
  for (int r = 1; r < c.nranks; ++r)
    if (!sendAll(c.peers[size_t(r)], at(r), n * sizeof(float)))
      return kSystemError;
  return ncclSuccess;
}

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
  std::strcpy(id->internal, kIdText);
  if (listener >= 0)
    close(listener);
  listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK); // the loopback only
  socklen_t len = sizeof a;
  if (listener < 0 ||
      bind(listener, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 ||
      listen(listener, 64) != 0 ||
      getsockname(listener, reinterpret_cast<sockaddr *>(&a), &len) != 0)
    return kSystemError;
  uint16_t port = ntohs(a.sin_port);
  std::memcpy(id->internal + kPortAt, &port, sizeof port);
  return ncclSuccess;
}

__attribute__((visibility("default"))) ncclResult_t
ncclCommInitRank(ncclComm_t *comm, int nranks, ncclUniqueId id, int rank) {
  if (std::strcmp(id.internal, kIdText) != 0)
    return kInvalidArgument;
  if (nranks < 1 || rank < 0 || rank >= nranks)
    return kInvalidArgument;
  const char *nvls = std::getenv("NCCL_NVLS_ENABLE");
  stats.nvlsOffAtInit = nvls && std::strcmp(nvls, "0") == 0;
  auto *c = new ncclCommFake{nranks, rank, {}};
  if (nranks > 1) {
    uint16_t port;
    std::memcpy(&port, id.internal + kPortAt, sizeof port);
    ncclResult_t r = joinStar(*c, port);
    if (r != ncclSuccess) {
      for (int fd : c->peers)
        if (fd >= 0)
          close(fd);
      delete c;
      return r;
    }
  }
  ++stats.inits;
  *comm = reinterpret_cast<ncclComm_t>(c);
  return ncclSuccess;
}

__attribute__((visibility("default"))) ncclResult_t
ncclCommDestroy(ncclComm_t comm) {
  ++stats.destroys;
  auto *c = reinterpret_cast<ncclCommFake *>(comm);
  for (int fd : c->peers)
    if (fd >= 0)
      close(fd);
  delete c;
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
  case kSystemError:
    return "unhandled system error (fake: a rank did not join, or a peer "
           "went away)";
  case kInvalidArgument:
    return "invalid argument (fake)";
  case kInvalidUsage:
    return "invalid usage (fake)";
  default:
    return "fake NCCL error";
  }
}

static ncclResult_t record(size_t n, ncclDataType_t type, int op,
                           cudaStream_t stream) {
  if (type != ncclFloat32)
    return kInvalidArgument;
  ++stats.collectives;
  stats.lastStream = stream;
  stats.lastCount = n;
  stats.lastOp = op;
  return ncclSuccess;
}

__attribute__((visibility("default"))) ncclResult_t
ncclAllReduce(const void *send, void *recv, size_t n, ncclDataType_t type,
              ncclRedOp_t op, ncclComm_t comm, cudaStream_t stream) {
  if (ncclResult_t r = record(n, type, op, stream))
    return r;
  auto &c = *reinterpret_cast<ncclCommFake *>(comm);
  const float *in = static_cast<const float *>(send);
  float *out = static_cast<float *>(recv);
  if (c.nranks == 1) {
    std::memmove(out, in, n * sizeof(float));
    return ncclSuccess;
  }
  if (c.rank != 0)
    return sendAll(c.peers[0], in, n * sizeof(float)) &&
                   recvAll(c.peers[0], out, n * sizeof(float))
               ? ncclSuccess
               : kSystemError;
  std::vector<float> all;
  if (!gather(c, in, n, all))
    return kSystemError;
  std::vector<float> acc(all.begin(), all.begin() + long(n));
  for (int r = 1; r < c.nranks; ++r)
    reduceInto(acc.data(), all.data() + size_t(r) * n, n, op);
  if (op == ncclAvg)
    for (float &v : acc)
      v /= float(c.nranks);
  std::memcpy(out, acc.data(), n * sizeof(float));
  return scatterFromRoot(c, n, [&](int) { return acc.data(); });
}

__attribute__((visibility("default"))) ncclResult_t
ncclBroadcast(const void *send, void *recv, size_t n, ncclDataType_t type,
              int root, ncclComm_t comm, cudaStream_t stream) {
  if (root != 0)
    return kInvalidArgument; // the fake broadcasts from rank 0 only
  if (ncclResult_t r = record(n, type, -1, stream))
    return r;
  auto &c = *reinterpret_cast<ncclCommFake *>(comm);
  if (c.rank == 0) {
    if (send != recv)
      std::memmove(recv, send, n * sizeof(float));
    return scatterFromRoot(c, n, [&](int) { return recv; });
  }
  return recvAll(c.peers[0], recv, n * sizeof(float)) ? ncclSuccess
                                                      : kSystemError;
}

__attribute__((visibility("default"))) ncclResult_t
ncclAllGather(const void *send, void *recv, size_t n, ncclDataType_t type,
              ncclComm_t comm, cudaStream_t stream) {
  if (ncclResult_t r = record(n, type, -1, stream))
    return r;
  auto &c = *reinterpret_cast<ncclCommFake *>(comm);
  size_t total = size_t(c.nranks) * n;
  if (c.nranks == 1) {
    std::memmove(recv, send, n * sizeof(float));
    return ncclSuccess;
  }
  if (c.rank != 0)
    return sendAll(c.peers[0], send, n * sizeof(float)) &&
                   recvAll(c.peers[0], recv, total * sizeof(float))
               ? ncclSuccess
               : kSystemError;
  std::vector<float> all;
  if (!gather(c, static_cast<const float *>(send), n, all))
    return kSystemError;
  std::memcpy(recv, all.data(), total * sizeof(float));
  return scatterFromRoot(c, total, [&](int) { return all.data(); });
}

__attribute__((visibility("default"))) ncclResult_t
ncclReduceScatter(const void *send, void *recv, size_t n, ncclDataType_t type,
                  ncclRedOp_t op, ncclComm_t comm, cudaStream_t stream) {
  if (ncclResult_t r = record(n, type, op, stream))
    return r;
  auto &c = *reinterpret_cast<ncclCommFake *>(comm);
  if (c.nranks == 1) {
    std::memmove(recv, send, n * sizeof(float));
    return ncclSuccess;
  }
  size_t total = size_t(c.nranks) * n;
  if (c.rank != 0)
    return sendAll(c.peers[0], send, total * sizeof(float)) &&
                   recvAll(c.peers[0], recv, n * sizeof(float))
               ? ncclSuccess
               : kSystemError;
  std::vector<float> all;
  if (!gather(c, static_cast<const float *>(send), total, all))
    return kSystemError;
  std::vector<float> acc(all.begin(), all.begin() + long(total));
  for (int r = 1; r < c.nranks; ++r)
    reduceInto(acc.data(), all.data() + size_t(r) * total, total, op);
  if (op == ncclAvg)
    for (float &v : acc)
      v /= float(c.nranks);
  std::memcpy(recv, acc.data(), n * sizeof(float));
  return scatterFromRoot(c, n, [&](int r) { return acc.data() + size_t(r) * n; });
}

__attribute__((visibility("default"))) ncclResult_t ncclGroupStart() {
  return ncclSuccess;
}
__attribute__((visibility("default"))) ncclResult_t ncclGroupEnd() {
  return ncclSuccess;
}

} // extern "C"
