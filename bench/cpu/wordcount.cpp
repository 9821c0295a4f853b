// Word count: generates a text of 4 000 000 words (lines of 16 words made of
// one to three syllables, drawn by a linear congruential generator), splits
// every line at spaces and counts the words in a hash map.
// The same work as wordcount.nv; both print the same lines.
#include <cstdint>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

static std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    size_t end = s.find(sep, start);
    if (end == std::string::npos) {
      out.push_back(s.substr(start));
      return out;
    }
    out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
}

int main() {
  std::vector<std::string> syllables = {"ka", "lo", "mi", "ne", "ru", "sa",
                                        "to", "vi", "da", "fe", "go", "hu",
                                        "ji", "ko", "le", "mu"};
  std::unordered_map<std::string, int> counts;
  int64_t state = 12345;
  int lines = 250000;
  int words = 0;
  int bytes = 0;
  for (int l = 0; l < lines; ++l) {
    std::string line = "";
    for (int w = 0; w < 16; ++w) {
      state = (state * 1103515245 + 12345) % 2147483648;
      int r = int(state / 65536);
      std::string word = syllables[r % 16];
      int extra = (r / 16) % 3;
      for (int k = 0; k < extra; ++k) {
        state = (state * 1103515245 + 12345) % 2147483648;
        word = word + syllables[int(state / 65536) % 16];
      }
      if (w > 0)
        line = line + " ";
      line = line + word;
    }
    bytes += (int)line.size();
    for (const std::string &word : split(line, ' ')) {
      if (counts.count(word))
        counts[word] = counts[word] + 1;
      else
        counts[word] = 1;
      words += 1;
    }
  }
  // Order-independent checksums of the counts.
  int64_t sumsq = 0;
  int longest = 0;
  for (const auto &kv : counts) {
    int c = kv.second;
    sumsq += int64_t(c) * c;
    if ((int)kv.first.size() > longest)
      longest = (int)kv.first.size();
  }
  std::printf("words: %d, bytes: %d, distinct: %zu\n", words, bytes,
              counts.size());
  std::printf("sum of squared counts: %lld, longest: %d\n", (long long)sumsq,
              longest);
  std::printf("count of kalo: %d, of mu: %d\n", counts["kalo"], counts["mu"]);
  return 0;
}
