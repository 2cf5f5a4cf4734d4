#include "render/gl_program.h"

#include <cstring>
#include <vector>

#include "render/embedded_shaders.h"

namespace render {
namespace {

std::string info_log(GLuint object, bool is_program) {
  GLint length = 0;
  if (is_program)
    glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
  else
    glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  if (length <= 1) return "(no log)";
  std::vector<char> log(static_cast<size_t>(length));
  if (is_program)
    glGetProgramInfoLog(object, length, nullptr, log.data());
  else
    glGetShaderInfoLog(object, length, nullptr, log.data());
  std::string text(log.data());
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

const char* embedded_or_error(const char* name, std::string& error) {
  const char* text = embedded_shader(name);
  if (text == nullptr) error = std::string("shader ") + name + " is not embedded in the program";
  return text;
}

GLuint compile(GLenum stage, const char* name, const char* library_name, std::string& error) {
  const char* source = embedded_or_error(name, error);
  if (source == nullptr) return 0;
  // Up to three pieces: the #version line, the library, the rest of the file. The driver
  // joins them; nothing is copied. (Line numbers in the log count the library's lines.)
  const char* pieces[3] = {source, nullptr, nullptr};
  GLint lengths[3] = {-1, 0, 0};
  GLsizei piece_count = 1;
  if (library_name != nullptr) {
    const char* library = embedded_or_error(library_name, error);
    if (library == nullptr) return 0;
    const char* rest = std::strchr(source, '\n');
    rest = rest ? rest + 1 : source + std::strlen(source);
    lengths[0] = static_cast<GLint>(rest - source);
    pieces[1] = library;
    lengths[1] = -1;
    pieces[2] = rest;
    lengths[2] = -1;
    piece_count = 3;
  }
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, piece_count, pieces, lengths);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = std::string("shaders/") + name + " does not compile: " + info_log(shader, false);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

GLuint build_program(const char* vertex_name, const char* fragment_name, std::string& error,
                     const char* fragment_library) {
  const GLuint vertex = compile(GL_VERTEX_SHADER, vertex_name, nullptr, error);
  if (vertex == 0) return 0;
  const GLuint fragment = compile(GL_FRAGMENT_SHADER, fragment_name, fragment_library, error);
  if (fragment == 0) {
    glDeleteShader(vertex);
    return 0;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  // The program keeps what it needs; the shader objects can go.
  glDetachShader(program, vertex);
  glDetachShader(program, fragment);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = std::string("shaders/") + vertex_name + " + " + fragment_name +
            " do not link: " + info_log(program, true);
    glDeleteProgram(program);
    return 0;
  }
  return program;
}

GLint required_uniform(GLuint program, const char* name, const char* program_name,
                       std::string& error) {
  const GLint location = glGetUniformLocation(program, name);
  if (location < 0 && error.empty())
    error = std::string("shader program ") + program_name + " has no active uniform " + name;
  return location;
}

}  // namespace render
