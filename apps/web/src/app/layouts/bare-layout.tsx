import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';

/** No header, no menu: /register and /404. */
export function BareLayout() {
  return (
    <Box component="main" id="main">
      <Container size="sm" py={64}>
        <Outlet />
      </Container>
    </Box>
  );
}
