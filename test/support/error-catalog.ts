// Unit tests build errors of every area without the root: register the catalog as the root does.
import '../../src/app/errors.js';
