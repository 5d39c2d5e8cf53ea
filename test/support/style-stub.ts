// Stylesheets imported by components have no effect under jest.
export default {};
