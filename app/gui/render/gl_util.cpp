#include "render/gl_util.hpp"

#include <glm/gtc/type_ptr.hpp>
#include <stdexcept>

#include "render/shader_sources.hpp"

namespace lieride::gui {
namespace {
const char* sourceOf(const std::string& name) {
  for (const auto& s : shaderSources())
    if (name == s.name) return s.text;
  throw std::runtime_error("shader not embedded: " + name);
}

GLuint compile(GLenum type, const std::string& name) {
  const GLuint s = glCreateShader(type);
  const char* src = sourceOf(name);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    glDeleteShader(s);
    throw std::runtime_error("shader " + name + ": " + log);
  }
  return s;
}
}  // namespace

Program::Program(const std::string& vert, const std::string& frag) {
  const GLuint v = compile(GL_VERTEX_SHADER, vert), f = compile(GL_FRAGMENT_SHADER, frag);
  id_ = glCreateProgram();
  glAttachShader(id_, v);
  glAttachShader(id_, f);
  glBindAttribLocation(id_, 0, "a_position");
  glBindAttribLocation(id_, 1, "a_normal");
  glBindAttribLocation(id_, 2, "a_color");
  glLinkProgram(id_);
  glDeleteShader(v);
  glDeleteShader(f);
  GLint ok = 0;
  glGetProgramiv(id_, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetProgramInfoLog(id_, sizeof log, nullptr, log);
    throw std::runtime_error("program " + vert + "+" + frag + ": " + log);
  }
}

Program& Program::operator=(Program&& o) noexcept {
  std::swap(id_, o.id_);
  return *this;
}

Program::~Program() {
  if (id_) glDeleteProgram(id_);
}

void Program::set(const char* n, const glm::mat4& m) const { glUniformMatrix4fv(loc(n), 1, GL_FALSE, glm::value_ptr(m)); }
void Program::set(const char* n, const glm::mat3& m) const { glUniformMatrix3fv(loc(n), 1, GL_FALSE, glm::value_ptr(m)); }
void Program::set(const char* n, const glm::vec2& v) const { glUniform2fv(loc(n), 1, glm::value_ptr(v)); }
void Program::set(const char* n, const glm::vec3& v) const { glUniform3fv(loc(n), 1, glm::value_ptr(v)); }
void Program::set(const char* n, const glm::vec4& v) const { glUniform4fv(loc(n), 1, glm::value_ptr(v)); }
void Program::set(const char* n, float v) const { glUniform1f(loc(n), v); }
void Program::set(const char* n, int v) const { glUniform1i(loc(n), v); }

Mesh::Mesh(const MeshData& data, bool dynamic) {
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glGenBuffers(1, &ibo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo_);
  const auto stride = static_cast<GLsizei>(sizeof(Vertex));
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(Vertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(Vertex, normal)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(Vertex, color)));
  glBindVertexArray(0);
  if (!dynamic || !data.vertices.empty()) update(data);
}

Mesh& Mesh::operator=(Mesh&& o) noexcept {
  std::swap(vao_, o.vao_);
  std::swap(vbo_, o.vbo_);
  std::swap(ibo_, o.ibo_);
  std::swap(count_, o.count_);
  std::swap(vcap_, o.vcap_);
  std::swap(icap_, o.icap_);
  return *this;
}

Mesh::~Mesh() {
  if (vao_) {
    glDeleteBuffers(1, &vbo_);
    glDeleteBuffers(1, &ibo_);
    glDeleteVertexArrays(1, &vao_);
  }
}

void Mesh::update(const MeshData& d) {
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  const auto vbytes = d.vertices.size() * sizeof(Vertex);
  const auto ibytes = d.indices.size() * sizeof(unsigned);
  if (vbytes > vcap_) {
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vbytes), d.vertices.data(), GL_DYNAMIC_DRAW);
    vcap_ = vbytes;
  } else if (vbytes > 0) {
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(vbytes), d.vertices.data());
  }
  if (ibytes > icap_) {
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(ibytes), d.indices.data(), GL_DYNAMIC_DRAW);
    icap_ = ibytes;
  } else if (ibytes > 0) {
    glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(ibytes), d.indices.data());
  }
  glBindVertexArray(0);
  count_ = static_cast<GLsizei>(d.indices.size());
}

void Mesh::draw(GLenum mode) const {
  if (!vao_ || count_ == 0) return;
  glBindVertexArray(vao_);
  glDrawElements(mode, count_, GL_UNSIGNED_INT, nullptr);
}

}  // namespace lieride::gui
