#pragma once
// Small OpenGL 3.3 core helpers: shader programs built from the embedded shaders/ sources,
// and meshes (position, normal, colour) in one VAO each.
#include <glad/gl.h>

#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "views/primitives.hpp"

namespace lieride::gui {

class Program {
 public:
  Program() = default;
  // Builds from shaders/<vert> and shaders/<frag>; throws std::runtime_error with the log.
  Program(const std::string& vert, const std::string& frag);
  Program(Program&& o) noexcept { *this = std::move(o); }
  Program& operator=(Program&& o) noexcept;
  ~Program();
  void use() const { glUseProgram(id_); }
  GLint loc(const char* name) const { return glGetUniformLocation(id_, name); }
  void set(const char* n, const glm::mat4& m) const;
  void set(const char* n, const glm::mat3& m) const;
  void set(const char* n, const glm::vec2& v) const;
  void set(const char* n, const glm::vec3& v) const;
  void set(const char* n, const glm::vec4& v) const;
  void set(const char* n, float v) const;
  void set(const char* n, int v) const;

 private:
  GLuint id_ = 0;
};

class Mesh {
 public:
  Mesh() = default;
  explicit Mesh(const MeshData& data, bool dynamic = false);
  Mesh(Mesh&& o) noexcept { *this = std::move(o); }
  Mesh& operator=(Mesh&& o) noexcept;
  ~Mesh();
  void update(const MeshData& data);  // dynamic meshes (water, trails)
  void draw(GLenum mode = GL_TRIANGLES) const;
  bool valid() const { return vao_ != 0; }

 private:
  GLuint vao_ = 0, vbo_ = 0, ibo_ = 0;
  GLsizei count_ = 0;
  std::size_t vcap_ = 0, icap_ = 0;
};

}  // namespace lieride::gui
