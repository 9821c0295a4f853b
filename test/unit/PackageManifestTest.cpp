//===- PackageManifestTest.cpp - neve-package.json (§11.9) ----------------===//
//
// lib/Frontend/PackageManifest.cpp: a full manifest, a minimal one, and
// each refusal with its message.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/PackageManifest.h"

#include <gtest/gtest.h>

using namespace neve;

namespace {

std::string refusal(const char *text, const char *name = "ring") {
  PackageManifest m;
  std::string error;
  EXPECT_FALSE(parsePackageManifest(text, "/pkgs/ring", name, m, error));
  return error;
}

TEST(PackageManifest, Full) {
  PackageManifest m;
  std::string error;
  ASSERT_TRUE(parsePackageManifest(
      R"({"name": "ring", "version": "1.2.0",
          "native": {"libs": ["ring", "m"], "lib_dirs": ["lib", "../x/./y", "/opt/r"], "sources": []}})",
      "/pkgs/ring", "ring", m, error))
      << error;
  EXPECT_EQ(m.name, "ring");
  EXPECT_EQ(m.version, "1.2.0");
  EXPECT_EQ(m.libs, (std::vector<std::string>{"ring", "m"}));
  EXPECT_EQ(m.libDirs,
            (std::vector<std::string>{"/pkgs/ring/lib", "/pkgs/x/y", "/opt/r"}));
}

TEST(PackageManifest, NameOnly) {
  PackageManifest m;
  std::string error;
  ASSERT_TRUE(parsePackageManifest(R"({"name": "a.b"})", "/p/a/b", "a.b", m,
                                   error));
  EXPECT_TRUE(m.libs.empty());
  EXPECT_TRUE(m.libDirs.empty());
}

TEST(PackageManifest, Refusals) {
  EXPECT_EQ(refusal("[]"), "the manifest must be a JSON object");
  EXPECT_EQ(refusal("{}"),
            "'name' (a string, the package's import name) is missing");
  EXPECT_EQ(refusal(R"({"name": "other"})"),
            "'name' is 'other' but the package is imported as 'ring'");
  EXPECT_EQ(refusal(R"({"name": "ring", "version": 2})"),
            "'version' must be a string");
  EXPECT_EQ(refusal(R"({"name": "ring", "native": []})"),
            "'native' must be an object");
  EXPECT_EQ(refusal(R"({"name": "ring", "nativ": {}})"),
            "unknown key 'nativ'");
  EXPECT_EQ(refusal(R"({"name": "ring", "native": {"libs": "m"}})"),
            "'native.libs' must be a list of strings");
  EXPECT_EQ(refusal(R"({"name": "ring", "native": {"lib_dirs": [""]}})"),
            "'native.lib_dirs' must be a list of non-empty strings");
  EXPECT_EQ(refusal(R"({"name": "ring", "native": {"libs": ["lib/x.so"]}})"),
            "'native.libs' names libraries as -l does ('m', 'ring'), not "
            "'lib/x.so'");
  EXPECT_NE(refusal(R"({"name": )").find("not JSON: "), std::string::npos);
}

} // namespace
