//===- IdExchangeTest.cpp - Rank 0's NCCL id over TCP, on the loopback ----===//
//
// lib/Runtime/GPU/IdExchange.cpp with threads as ranks on 127.0.0.1: every
// rank gets rank 0's bytes even when it starts first, a stranger on the
// port is ignored, and each failure (another world size, a rank twice, a
// rank that never comes, no rank 0, a port in use, a host that does not
// resolve) ends in time with an error saying what happened.
//
//===----------------------------------------------------------------------===//

#include "IdExchange.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <chrono>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using namespace neve_cluster;

/// A port nothing listens on now (bound to 0, then released).
int freePort() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  EXPECT_EQ(bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
  EXPECT_EQ(getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len), 0);
  close(fd);
  return ntohs(a.sin_port);
}

std::vector<char> sampleId() {
  std::vector<char> id(128);
  for (size_t i = 0; i < id.size(); ++i)
    id[i] = char(i * 7 + 3);
  return id;
}

struct Fetched {
  bool ok = false;
  std::string error;
  std::vector<char> id = std::vector<char>(128, 0);
};

std::thread fetchIn(Fetched &f, int port, int rank, int world,
                    double timeout = 10) {
  return std::thread([&f, port, rank, world, timeout] {
    f.ok = fetchId("127.0.0.1", port, rank, world, f.id.data(), f.id.size(),
                   timeout, f.error);
  });
}

TEST(IdExchange, EveryRankGetsRankZerosId) {
  int port = freePort();
  std::vector<char> id = sampleId();
  std::vector<Fetched> got(3);
  std::vector<std::thread> ranks;
  // ranks 1 and 2 start before rank 0 listens: they retry
  ranks.push_back(fetchIn(got[1], port, 1, 4));
  ranks.push_back(fetchIn(got[2], port, 2, 4));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  Fetched late;
  ranks.push_back(fetchIn(late, port, 3, 4));
  std::string error;
  bool served = serveId(port, id.data(), id.size(), 4, 10, error);
  for (std::thread &t : ranks)
    t.join();
  ASSERT_TRUE(served) << error;
  for (int r = 1; r <= 2; ++r) {
    EXPECT_TRUE(got[size_t(r)].ok) << got[size_t(r)].error;
    EXPECT_EQ(got[size_t(r)].id, id) << "rank " << r;
  }
  EXPECT_TRUE(late.ok) << late.error;
  EXPECT_EQ(late.id, id);
}

TEST(IdExchange, AStrangerOnThePortIsIgnored) {
  int port = freePort();
  std::vector<char> id = sampleId();
  std::string error;
  bool served = false;
  std::thread server([&] {
    served = serveId(port, id.data(), id.size(), 2, 10, error);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(uint16_t(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
  const char junk[] = "GET / HTTP/1.0\r\n\r\n";
  ASSERT_GT(send(fd, junk, sizeof junk, 0), 0);
  close(fd);
  Fetched f;
  fetchIn(f, port, 1, 2).join();
  server.join();
  EXPECT_TRUE(served) << error;
  EXPECT_TRUE(f.ok) << f.error;
  EXPECT_EQ(f.id, id);
}

TEST(IdExchange, AnotherWorldSizeIsAnErrorOnBothSides) {
  int port = freePort();
  std::vector<char> id = sampleId();
  Fetched f;
  std::thread rank1 = fetchIn(f, port, 1, 3);
  std::string error;
  EXPECT_FALSE(serveId(port, id.data(), id.size(), 2, 10, error));
  rank1.join();
  EXPECT_EQ(error, "rank 1 announced 3 ranks, rank 0 has 2");
  EXPECT_FALSE(f.ok);
  EXPECT_EQ(f.error, "rank 1 has 3 ranks but rank 0 at 127.0.0.1:" +
                         std::to_string(port) + " has 2");
}

TEST(IdExchange, ARankThatNeverComesIsNamed) {
  int port = freePort();
  std::vector<char> id = sampleId();
  Fetched f;
  std::thread rank1 = fetchIn(f, port, 1, 3);
  std::string error;
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(serveId(port, id.data(), id.size(), 3, 1, error));
  rank1.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_EQ(error, "rank 0 waited 1 s on port " + std::to_string(port) +
                       " for rank 2 (did they start, with MASTER_ADDR naming "
                       "this node?)");
  EXPECT_TRUE(f.ok) << "rank 1 came and got the id: " << f.error;
}

TEST(IdExchange, NoRankZeroTimesOut) {
  int port = freePort();
  Fetched f;
  auto start = std::chrono::steady_clock::now();
  fetchIn(f, port, 1, 2, 1).join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_FALSE(f.ok);
  EXPECT_NE(f.error.find("rank 1 waited 1 s for rank 0's id at 127.0.0.1:" +
                         std::to_string(port) + " (cannot connect"),
            std::string::npos)
      << f.error;
}

TEST(IdExchange, AnUnknownHostTimesOutSayingSo) {
  std::vector<char> id(128);
  std::string error;
  EXPECT_FALSE(fetchId("no-such-host.invalid", 29500, 1, 2, id.data(),
                       id.size(), 1, error));
  EXPECT_NE(error.find("cannot resolve no-such-host.invalid"),
            std::string::npos)
      << error;
}

TEST(IdExchange, APortInUseIsAnError) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_ANY);
  socklen_t len = sizeof a;
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
  ASSERT_EQ(listen(fd, 1), 0);
  ASSERT_EQ(getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len), 0);
  int port = ntohs(a.sin_port);
  std::vector<char> id = sampleId();
  std::string error;
  EXPECT_FALSE(serveId(port, id.data(), id.size(), 2, 1, error));
  close(fd);
  EXPECT_EQ(error, "cannot listen on port " + std::to_string(port) +
                       ": Address already in use");
}

TEST(IdExchange, ARankTwiceIsRefused) {
  int port = freePort();
  std::vector<char> id = sampleId();
  std::string error;
  bool served = true;
  std::thread server([&] {
    served = serveId(port, id.data(), id.size(), 3, 2, error);
  });
  Fetched first, second;
  fetchIn(first, port, 1, 3).join();
  fetchIn(second, port, 1, 3).join();
  server.join();
  EXPECT_TRUE(first.ok) << first.error;
  EXPECT_FALSE(second.ok);
  EXPECT_EQ(second.error, "rank 0 at 127.0.0.1:" + std::to_string(port) +
                              " already gave rank 1 the id (two processes "
                              "with rank 1?)");
  EXPECT_FALSE(served) << "rank 2 never came";
}

} // namespace
