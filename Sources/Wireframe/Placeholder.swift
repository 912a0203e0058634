// Wireframe
