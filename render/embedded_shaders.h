// The GLSL files of shaders/, embedded into the binary at build time by
// cmake/embed_shaders.cmake (the generated embedded_shaders.cpp lives in the build folder).
#pragma once

namespace render {

// The text of the shader file `name` (e.g. "bone.vert"), or nullptr if no such file was
// embedded. The text lives as long as the program.
const char* embedded_shader(const char* name);

// Enumerates the embedded files, in the order render/CMakeLists.txt lists them.
int embedded_shader_count();
const char* embedded_shader_name(int index);  // nullptr if index is out of range

}  // namespace render
