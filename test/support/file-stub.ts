// Images imported by components resolve to a URL string; under jest any string will do.
export default 'test-file-stub.png';
