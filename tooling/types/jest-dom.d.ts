/// <reference types="@testing-library/jest-dom" />
