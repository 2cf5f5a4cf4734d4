// Compiling and linking the embedded GLSL programs (render/embedded_shaders.h).
#pragma once

#include <glad/gl.h>

#include <cstddef>
#include <string>

namespace render {

// Compiles the embedded shaders `vertex_name` and `fragment_name` (file names in
// shaders/) and links them. If `fragment_library` is given (e.g. "lighting.glsl"), its
// text is inserted into the fragment shader right after the #version line, so shared
// functions are written once. Returns 0 and sets `error` to a message naming the file
// and quoting the driver's log if a file is missing, does not compile or does not link.
GLuint build_program(const char* vertex_name, const char* fragment_name, std::string& error,
                     const char* fragment_library = nullptr);

// The location of a uniform that the program must have; a name that is not an active
// uniform sets `error` (a renamed uniform fails init() instead of drawing nothing).
GLint required_uniform(GLuint program, const char* name, const char* program_name,
                       std::string& error);

// A byte offset into the bound buffer, as glVertexAttribPointer takes it (a pointer).
inline const void* byte_offset(std::size_t bytes) { return reinterpret_cast<const void*>(bytes); }

}  // namespace render
