//===- CacheTest.cpp - The per-user cache of compiled code ----------------===//
//
// neve::cache (lib/Support/Cache.cpp): entries come back as written or are
// reported corrupt or untrusted, never as a wrong payload; pruning removes
// the least recently used files and only the cache's own.
//
//===----------------------------------------------------------------------===//

#include "neve/Support/Cache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <vector>

namespace fs = llvm::sys::fs;
using namespace neve::cache;

namespace {

class CacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("neve-cache-test", base));
    dir = std::string(base) + "/cache";
    ASSERT_EQ(openCacheDir(dir), "");
  }
  void TearDown() override { fs::remove_directories(base); }

  std::string entryFile(const std::string &kind, const std::string &key) {
    return dir + "/" + kind + "/" + key + ".nvc";
  }
  std::string read(const std::string &file) {
    auto b = llvm::MemoryBuffer::getFile(file, false, false);
    return b ? (*b)->getBuffer().str() : "";
  }
  void write(const std::string &file, const std::string &bytes) {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec);
    os << bytes;
  }
  /// Sets the modification time of \p file to \p secondsAgo in the past.
  void age(const std::string &file, int secondsAgo) {
    int fd;
    ASSERT_FALSE(fs::openFileForWrite(file, fd, fs::CD_OpenExisting,
                                      fs::OF_Append));
    auto t = std::chrono::system_clock::now() - std::chrono::seconds(secondsAgo);
    ASSERT_FALSE(fs::setLastAccessAndModificationTime(fd, t));
    ::close(fd);
  }

  llvm::SmallString<128> base;
  std::string dir;
};

TEST_F(CacheTest, WrittenEntriesReadBack) {
  std::string payload("NEVEKRN1\0\0binary\n\xff", 18);
  ASSERT_EQ(writeEntry(dir, "kernels", "abc123", payload), "");
  Entry e = readEntry(dir, "kernels", "abc123");
  EXPECT_EQ(e.status, Lookup::Hit);
  EXPECT_EQ(e.payload, payload);
  // Another key or another kind is another entry.
  EXPECT_EQ(readEntry(dir, "kernels", "abc124").status, Lookup::Miss);
  EXPECT_EQ(readEntry(dir, "host", "abc123").status, Lookup::Miss);
  // Rewriting replaces.
  ASSERT_EQ(writeEntry(dir, "kernels", "abc123", "new"), "");
  EXPECT_EQ(readEntry(dir, "kernels", "abc123").payload, "new");
}

TEST_F(CacheTest, DamagedEntriesAreCorruptNotPayloads) {
  ASSERT_EQ(writeEntry(dir, "kernels", "k1", "0123456789"), "");
  std::string good = read(entryFile("kernels", "k1"));
  ASSERT_FALSE(good.empty());

  // A flipped payload byte: the checksum no longer matches.
  std::string flipped = good;
  flipped.back() ^= 1;
  write(entryFile("kernels", "k1"), flipped);
  EXPECT_EQ(readEntry(dir, "kernels", "k1").status, Lookup::Corrupt);

  // Cut short (a full disk).
  write(entryFile("kernels", "k1"), good.substr(0, good.size() - 3));
  EXPECT_EQ(readEntry(dir, "kernels", "k1").status, Lookup::Corrupt);

  // An entry copied under another key.
  ASSERT_EQ(writeEntry(dir, "kernels", "k2", "0123456789"), "");
  write(entryFile("kernels", "k1"), read(entryFile("kernels", "k2")));
  EXPECT_EQ(readEntry(dir, "kernels", "k1").status, Lookup::Corrupt);

  // Not an entry at all.
  write(entryFile("kernels", "k1"), "");
  EXPECT_EQ(readEntry(dir, "kernels", "k1").status, Lookup::Corrupt);

  // Storing again repairs it.
  ASSERT_EQ(writeEntry(dir, "kernels", "k1", "0123456789"), "");
  EXPECT_EQ(readEntry(dir, "kernels", "k1").status, Lookup::Hit);
}

TEST_F(CacheTest, EntriesOthersCanWriteAreUntrusted) {
  ASSERT_EQ(writeEntry(dir, "kernels", "k", "payload"), "");
  ASSERT_EQ(::chmod(entryFile("kernels", "k").c_str(), 0666), 0);
  EXPECT_EQ(readEntry(dir, "kernels", "k").status, Lookup::Untrusted);
}

TEST_F(CacheTest, KeysCannotLeaveTheCache) {
  EXPECT_NE(writeEntry(dir, "kernels", "../escape", "x"), "");
  EXPECT_NE(writeEntry(dir, "../x", "k", "x"), "");
  EXPECT_FALSE(fs::exists(std::string(base) + "/escape.nvc"));
  EXPECT_EQ(readEntry(dir, "kernels", "../escape").status, Lookup::Miss);
}

TEST_F(CacheTest, ConcurrentWritersLeaveAWholeEntry) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      std::string payload(100000, char('a' + t));
      for (int i = 0; i < 20; ++i) {
        EXPECT_EQ(writeEntry(dir, "kernels", "shared", payload), "");
        Entry e = readEntry(dir, "kernels", "shared");
        ASSERT_EQ(e.status, Lookup::Hit);
        ASSERT_EQ(e.payload.size(), 100000u);
        EXPECT_EQ(e.payload, std::string(100000, e.payload[0]));
      }
    });
  for (auto &t : threads)
    t.join();
  // No temporary file is left behind.
  std::error_code ec;
  int files = 0;
  for (fs::directory_iterator it(dir + "/kernels", ec), end; !ec && it != end;
       it.increment(ec))
    ++files;
  EXPECT_EQ(files, 1);
}

TEST_F(CacheTest, PruneRemovesTheLeastRecentlyUsedFirst) {
  std::string kb(1024, 'x');
  for (const char *key : {"old", "mid", "new"})
    ASSERT_EQ(writeEntry(dir, "kernels", key, kb), "");
  age(entryFile("kernels", "old"), 300);
  age(entryFile("kernels", "mid"), 200);
  age(entryFile("kernels", "new"), 100);
  // A hit makes "old" the most recently used.
  EXPECT_EQ(readEntry(dir, "kernels", "old").status, Lookup::Hit);
  // An executable of `neve run` and its deps record go together.
  write(dir + "/prog-0123456789abcdef01234567", kb);
  write(dir + "/prog-0123456789abcdef01234567.deps", "a.nv:1:2\n");
  age(dir + "/prog-0123456789abcdef01234567", 250);
  age(dir + "/prog-0123456789abcdef01234567.deps", 250);
  // A file the cache did not make.
  write(dir + "/notes.txt", kb + kb + kb);

  PruneResult r = prune(dir, 2 * 1200 + 100);
  EXPECT_TRUE(fs::exists(entryFile("kernels", "old")));
  EXPECT_TRUE(fs::exists(entryFile("kernels", "new")));
  EXPECT_FALSE(fs::exists(dir + "/prog-0123456789abcdef01234567"));
  EXPECT_FALSE(fs::exists(dir + "/prog-0123456789abcdef01234567.deps"));
  EXPECT_FALSE(fs::exists(entryFile("kernels", "mid")));
  EXPECT_TRUE(fs::exists(dir + "/notes.txt"));
  EXPECT_EQ(r.filesRemoved, 3u);
  EXPECT_LE(r.bytesKept, 2u * 1200 + 100);

  // 0 empties the cache, still leaving what is not its own.
  prune(dir, 0);
  EXPECT_FALSE(fs::exists(entryFile("kernels", "old")));
  EXPECT_FALSE(fs::exists(entryFile("kernels", "new")));
  EXPECT_TRUE(fs::exists(dir + "/notes.txt"));
}

TEST_F(CacheTest, PruneRemovesOldTemporaryFilesOnly) {
  ASSERT_EQ(fs::create_directory(dir + "/kernels"), std::error_code());
  write(dir + "/kernels/abc.nvc.tmp123.0", "half");
  write(dir + "/kernels/abd.nvc.tmp124.0", "half");
  age(dir + "/kernels/abc.nvc.tmp123.0", 2 * 3600);
  prune(dir, uint64_t(1) << 30);
  EXPECT_FALSE(fs::exists(dir + "/kernels/abc.nvc.tmp123.0"));
  // A compile may still be writing the recent one.
  EXPECT_TRUE(fs::exists(dir + "/kernels/abd.nvc.tmp124.0"));
}

TEST(CacheLimit, ParsesSuffixes) {
  ::setenv("NEVE_CACHE_MAX", "512M", 1);
  EXPECT_EQ(sizeLimit(), uint64_t(512) << 20);
  ::setenv("NEVE_CACHE_MAX", "3G", 1);
  EXPECT_EQ(sizeLimit(), uint64_t(3) << 30);
  ::setenv("NEVE_CACHE_MAX", "4096", 1);
  EXPECT_EQ(sizeLimit(), 4096u);
  ::setenv("NEVE_CACHE_MAX", "lots", 1);
  EXPECT_EQ(sizeLimit(), uint64_t(2) << 30);
  ::unsetenv("NEVE_CACHE_MAX");
  EXPECT_EQ(sizeLimit(), uint64_t(2) << 30);
}

} // namespace
