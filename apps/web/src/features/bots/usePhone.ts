import { Grid } from 'antd';

/** Below tablet width: the lists show fewer columns, in tighter cells. */
export const usePhone = () => Grid.useBreakpoint().md === false;
