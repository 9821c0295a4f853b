//===- IdExchange.cpp - Rank 0's NCCL id, handed out over TCP -------------===//
//
// See IdExchange.h for the protocol.
//
//===----------------------------------------------------------------------===//

#include "IdExchange.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace neve_cluster;

namespace {

constexpr char kMagic[8] = {'N', 'E', 'V', 'E', 'I', 'D', '0', '1'};
constexpr size_t kHelloBytes = sizeof kMagic + 8;

using Clock = std::chrono::steady_clock;

/// Milliseconds left until `deadline` (0 when past), for poll().
int msLeft(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  deadline - Clock::now())
                  .count();
  return left <= 0 ? 0 : left > 1 << 30 ? 1 << 30 : int(left);
}

/// "1", "0.5", "300": a timeout as the messages give it.
std::string secondsText(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", seconds);
  return buf;
}

Clock::time_point deadlineAfter(double seconds) {
  if (!(seconds > 0))
    seconds = 0.001;
  if (seconds > 1e7)
    seconds = 1e7;
  return Clock::now() + std::chrono::microseconds(int64_t(seconds * 1e6));
}

struct Fd {
  int fd = -1;
  explicit Fd(int fd = -1) : fd(fd) {}
  Fd(const Fd &) = delete;
  Fd &operator=(const Fd &) = delete;
  ~Fd() {
    if (fd >= 0)
      ::close(fd);
  }
};

/// Reads exactly n bytes before the deadline; false on the end of the
/// stream, an error or the deadline.
bool readAll(int fd, void *buf, size_t n, Clock::time_point deadline) {
  char *p = static_cast<char *>(buf);
  while (n > 0) {
    pollfd pfd{fd, POLLIN, 0};
    int r = ::poll(&pfd, 1, msLeft(deadline));
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return false;
    ssize_t got = ::recv(fd, p, n, 0);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return false;
    p += got;
    n -= size_t(got);
  }
  return true;
}

bool writeAll(int fd, const void *buf, size_t n) {
  const char *p = static_cast<const char *>(buf);
  while (n > 0) {
    ssize_t put = ::send(fd, p, n, MSG_NOSIGNAL);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0)
      return false;
    p += put;
    n -= size_t(put);
  }
  return true;
}

void putU32(char *p, uint32_t v) {
  v = htonl(v);
  std::memcpy(p, &v, 4);
}
uint32_t getU32(const char *p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return ntohl(v);
}

/// A socket listening on `port` on every address: IPv6 and IPv4 where the
/// node has IPv6, else IPv4.
int listenOn(int port, std::string &error) {
  int fd = ::socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1, zero = 0;
  if (fd >= 0) {
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
    sockaddr_in6 a{};
    a.sin6_family = AF_INET6;
    a.sin6_addr = in6addr_any;
    a.sin6_port = htons(uint16_t(port));
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 &&
        ::listen(fd, 128) == 0)
      return fd;
    int saved = errno;
    ::close(fd);
    if (saved == EADDRINUSE) {
      error = "cannot listen on port " + std::to_string(port) + ": " +
              std::strerror(saved);
      return -1;
    }
  }
  fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    error = std::string("cannot create a socket: ") + std::strerror(errno);
    return -1;
  }
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_ANY);
  a.sin_port = htons(uint16_t(port));
  if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 ||
      ::listen(fd, 128) != 0) {
    error = "cannot listen on port " + std::to_string(port) + ": " +
            std::strerror(errno);
    ::close(fd);
    return -1;
  }
  return fd;
}

std::string missingRanks(const std::vector<bool> &served) {
  std::string names;
  int count = 0;
  for (size_t r = 1; r < served.size(); ++r)
    if (!served[r]) {
      if (count < 8)
        names += (count ? ", " : "") + std::to_string(r);
      ++count;
    }
  if (count > 8)
    names += " and " + std::to_string(count - 8) + " more";
  return (count == 1 ? "rank " : "ranks ") + names;
}

} // namespace

bool neve_cluster::serveId(int port, const void *id, size_t size,
                           int worldSize, double timeoutSeconds,
                           std::string &error) {
  if (worldSize <= 1)
    return true;
  if (port < 1 || port > 65535) {
    error = "port " + std::to_string(port) + " is not from 1 to 65535";
    return false;
  }
  Clock::time_point deadline = deadlineAfter(timeoutSeconds);
  Fd listener(listenOn(port, error));
  if (listener.fd < 0)
    return false;
  std::vector<bool> served(size_t(worldSize), false);
  int left = worldSize - 1;
  while (left > 0) {
    pollfd pfd{listener.fd, POLLIN, 0};
    int r = ::poll(&pfd, 1, msLeft(deadline));
    if (r < 0 && errno == EINTR)
      continue;
    if (r == 0) {
      error = "rank 0 waited " + secondsText(timeoutSeconds) +
              " s on port " + std::to_string(port) + " for " +
              missingRanks(served) + " (did they start, with MASTER_ADDR "
                                     "naming this node?)";
      return false;
    }
    if (r < 0) {
      error = std::string("waiting for ranks: ") + std::strerror(errno);
      return false;
    }
    Fd conn(::accept4(listener.fd, nullptr, nullptr, SOCK_CLOEXEC));
    if (conn.fd < 0)
      continue;
    // A peer gets at most 10 s to say who it is, so that a silent one
    // cannot hold the others up.
    auto helloBy = std::min(deadline, Clock::now() + std::chrono::seconds(10));
    char hello[kHelloBytes];
    if (!readAll(conn.fd, hello, sizeof hello, helloBy) ||
        std::memcmp(hello, kMagic, sizeof kMagic) != 0)
      continue; // not one of ours
    uint32_t rank = getU32(hello + 8), world = getU32(hello + 12);
    if (world != uint32_t(worldSize)) {
      char reply[5] = {1};
      putU32(reply + 1, uint32_t(worldSize));
      writeAll(conn.fd, reply, sizeof reply);
      error = "rank " + std::to_string(rank) + " announced " +
              std::to_string(world) + " ranks, rank 0 has " +
              std::to_string(worldSize);
      return false;
    }
    if (rank == 0 || rank >= world || served[rank]) {
      char reply = 2;
      writeAll(conn.fd, &reply, 1);
      continue;
    }
    std::vector<char> reply(1 + size, 0);
    std::memcpy(reply.data() + 1, id, size);
    if (!writeAll(conn.fd, reply.data(), reply.size()))
      continue; // it went away; it will come again or time out
    served[rank] = true;
    --left;
  }
  return true;
}

bool neve_cluster::fetchId(const std::string &host, int port, int rank,
                           int worldSize, void *id, size_t size,
                           double timeoutSeconds, std::string &error) {
  Clock::time_point deadline = deadlineAfter(timeoutSeconds);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *addrs = nullptr;
  std::string service = std::to_string(port);
  std::string where = host + ":" + service;
  // A name that does not resolve yet (a node still booting) is retried too.
  std::string lastError;
  for (;;) {
    if (addrs) {
      ::freeaddrinfo(addrs);
      addrs = nullptr;
    }
    int gai = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &addrs);
    if (gai != 0) {
      lastError = std::string("cannot resolve ") + host + ": " +
                  ::gai_strerror(gai);
    } else {
      for (addrinfo *a = addrs; a; a = a->ai_next) {
        Fd fd(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC,
                       a->ai_protocol));
        if (fd.fd < 0)
          continue;
        if (::connect(fd.fd, a->ai_addr, a->ai_addrlen) != 0) {
          lastError = std::string("cannot connect to ") + where + ": " +
                      std::strerror(errno);
          continue;
        }
        char hello[kHelloBytes];
        std::memcpy(hello, kMagic, sizeof kMagic);
        putU32(hello + 8, uint32_t(rank));
        putU32(hello + 12, uint32_t(worldSize));
        char status = 0;
        if (!writeAll(fd.fd, hello, sizeof hello) ||
            !readAll(fd.fd, &status, 1, deadline)) {
          lastError = "rank 0 at " + where + " closed the connection";
          continue;
        }
        if (status == 1) {
          char other[4];
          std::string theirs = readAll(fd.fd, other, 4, deadline)
                                   ? std::to_string(getU32(other))
                                   : std::string("another number of");
          error = "rank " + std::to_string(rank) + " has " +
                  std::to_string(worldSize) + " ranks but rank 0 at " + where +
                  " has " + theirs;
          ::freeaddrinfo(addrs);
          return false;
        }
        if (status == 2) {
          error = "rank 0 at " + where + " already gave rank " +
                  std::to_string(rank) + " the id (two processes with rank " +
                  std::to_string(rank) + "?)";
          ::freeaddrinfo(addrs);
          return false;
        }
        if (status == 0 && readAll(fd.fd, id, size, deadline)) {
          ::freeaddrinfo(addrs);
          return true;
        }
        lastError = "rank 0 at " + where + " sent no id";
      }
    }
    if (msLeft(deadline) == 0) {
      if (addrs)
        ::freeaddrinfo(addrs);
      error = "rank " + std::to_string(rank) + " waited " +
              secondsText(timeoutSeconds) + " s for rank 0's id at " +
              where + " (" + lastError + ")";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::min(100, std::max(1, msLeft(deadline)))));
  }
}
