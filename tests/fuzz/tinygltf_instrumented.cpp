// tinygltf's implementation, compiled from the system header (Debian's libtinygltf-dev)
// into the fuzz target with the fuzzer's instrumentation, instead of linking the
// prebuilt, uninstrumented libtinygltf.so: libFuzzer then sees coverage inside
// tinygltf's parser and ASan / UBSan check it. The definitions here are found before the
// shared library's when the fuzz target links, so the importer calls these.
#define TINYGLTF_IMPLEMENTATION
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <tiny_gltf.h>
