//===- neve-launch.cpp - Start one process per GPU for NCCL ---------------===//
//
//   neve-launch -n N [--cpu] [--] PROGRAM [ARGS...]
//
// Starts N copies of PROGRAM, rank r with NEVE_RANK=r, NEVE_WORLD_SIZE=N,
// NEVE_LOCAL_RANK=r, NEVE_GPU_DEVICE=r (its GPU; not with --cpu) and
// NEVE_NCCL_ID naming the file through which rank 0 hands its NCCL unique
// id to the others (frost/distributed.nv does the handshake), in a fresh
// directory removed at the end. NCCL_NVLS_ENABLE=0: NVLink multicast stays
// off. The ranks share stdout and stderr.
//
// When a rank fails (a non-zero status or a signal), the others are
// stopped (SIGTERM, then SIGKILL after 5 s) so that none waits forever in
// a collective, and neve-launch exits with that rank's status, naming it.
// SIGINT and SIGTERM sent to neve-launch go to every rank.
//
// No LLVM: it runs on the GPU machine as it is.
//
//===----------------------------------------------------------------------===//

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

std::vector<pid_t> ranks;
volatile sig_atomic_t forwarded = 0;

void forward(int sig) {
  forwarded = sig;
  for (pid_t p : ranks)
    if (p > 0)
      kill(p, sig);
}

int usage(const char *why) {
  if (why)
    std::fprintf(stderr, "neve-launch: %s\n", why);
  std::fprintf(stderr,
               "usage: neve-launch -n N [--cpu] [--] PROGRAM [ARGS...]\n"
               "  starts N ranks of PROGRAM for Frost's NCCL data parallelism "
               "(NEVE_RANK, NEVE_WORLD_SIZE, NEVE_GPU_DEVICE, NEVE_NCCL_ID)\n");
  return 2;
}

int statusCode(int status) {
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return 1;
}

std::string describe(int status) {
  if (WIFSIGNALED(status))
    return std::string("was killed by signal ") +
           std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return "exited with status " + std::to_string(statusCode(status));
}

} // namespace

int main(int argc, char **argv) {
  int n = 0;
  bool cpu = false;
  int i = 1;
  for (; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-n" && i + 1 < argc) {
      char *end = nullptr;
      long v = std::strtol(argv[++i], &end, 10);
      if (!*argv[i] || *end || v < 1 || v > 1024)
        return usage((std::string("-n ") + argv[i] +
                      ": the number of ranks must be 1..1024")
                         .c_str());
      n = int(v);
    } else if (a == "--cpu") {
      cpu = true;
    } else if (a == "-h" || a == "--help") {
      usage(nullptr);
      return 0;
    } else if (a == "--") {
      ++i;
      break;
    } else if (!a.empty() && a[0] == '-') {
      return usage(("unknown option " + a).c_str());
    } else {
      break;
    }
  }
  if (n == 0)
    return usage("-n N is required");
  if (i >= argc)
    return usage("no program to run");

  const char *tmpdir = std::getenv("TMPDIR");
  std::string tmpl = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") +
                     "/neve-launch-XXXXXX";
  std::vector<char> dirBuf(tmpl.begin(), tmpl.end());
  dirBuf.push_back('\0');
  char *dir = mkdtemp(dirBuf.data());
  if (!dir) {
    std::fprintf(stderr, "neve-launch: cannot create a directory %s: %s\n",
                 tmpl.c_str(), std::strerror(errno));
    return 1;
  }
  std::string idFile = std::string(dir) + "/nccl-id";

  struct sigaction sa = {};
  sa.sa_handler = forward;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);

  ranks.assign(size_t(n), -1);
  for (int r = 0; r < n; ++r) {
    pid_t pid = fork();
    if (pid < 0) {
      std::fprintf(stderr, "neve-launch: cannot start rank %d: %s\n", r,
                   std::strerror(errno));
      forward(SIGTERM);
      break;
    }
    if (pid == 0) {
      signal(SIGINT, SIG_DFL);
      signal(SIGTERM, SIG_DFL);
      setenv("NEVE_RANK", std::to_string(r).c_str(), 1);
      setenv("NEVE_LOCAL_RANK", std::to_string(r).c_str(), 1);
      setenv("NEVE_WORLD_SIZE", std::to_string(n).c_str(), 1);
      setenv("NEVE_NCCL_ID", idFile.c_str(), 1);
      setenv("NCCL_NVLS_ENABLE", "0", 1);
      if (!cpu)
        setenv("NEVE_GPU_DEVICE", std::to_string(r).c_str(), 1);
      execvp(argv[i], argv + i);
      std::fprintf(stderr, "neve-launch: rank %d: cannot run %s: %s\n", r,
                   argv[i], std::strerror(errno));
      _exit(127);
    }
    ranks[size_t(r)] = pid;
  }

  int result = 0, failedRank = -1, failedStatus = 0, alive = 0;
  for (pid_t p : ranks)
    alive += p > 0;
  bool stopping = false;
  int waitedAfterStop = 0;
  while (alive > 0) {
    int status = 0;
    pid_t pid = waitpid(-1, &status, stopping ? WNOHANG : 0);
    if (pid == 0) { // stopping: give the others 5 s, then kill them
      usleep(100 * 1000);
      if (++waitedAfterStop == 50)
        for (pid_t p : ranks)
          if (p > 0)
            kill(p, SIGKILL);
      continue;
    }
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    int r = -1;
    for (int k = 0; k < n; ++k)
      if (ranks[size_t(k)] == pid)
        r = k;
    if (r < 0)
      continue;
    ranks[size_t(r)] = -1;
    --alive;
    if (statusCode(status) != 0 && failedRank < 0 && !forwarded) {
      failedRank = r;
      failedStatus = status;
      result = statusCode(status);
      if (alive > 0) {
        std::fprintf(stderr,
                     "neve-launch: rank %d %s; stopping the other ranks\n", r,
                     describe(status).c_str());
        stopping = true;
        for (pid_t p : ranks)
          if (p > 0)
            kill(p, SIGTERM);
      }
    } else if (forwarded && result == 0) {
      result = statusCode(status);
    }
  }
  if (failedRank >= 0 && !stopping)
    std::fprintf(stderr, "neve-launch: rank %d %s\n", failedRank,
                 describe(failedStatus).c_str());
  unlink(idFile.c_str());
  rmdir(dir);
  if (forwarded && result == 0)
    result = 128 + forwarded;
  return result;
}
